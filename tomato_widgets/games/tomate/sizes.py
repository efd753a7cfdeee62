"""How much room text and cards take on the board, so that a layout leaves enough.

Widths are those of DejaVu Sans (regular and bold), one of the widest sans-serif faces a
browser falls back to, with a little to spare: a layout planned with them holds with
narrower faces too. Characters beyond ASCII count as wide as an ``M``.
"""
from __future__ import annotations

#: advance widths in thousandths of the text size, for the characters " " to "~"
REGULAR = (
    318, 401, 460, 838, 636, 950, 780, 275, 390, 390, 500, 838, 318, 361, 318, 337, 636, 636, 636,
    636, 636, 636, 636, 636, 636, 636, 337, 337, 838, 838, 838, 531, 1000, 709, 686, 698, 770, 632,
    575, 775, 752, 295, 295, 656, 557, 863, 748, 787, 603, 787, 695, 635, 595, 732, 684, 989, 685,
    611, 685, 390, 337, 390, 838, 500, 500, 613, 635, 550, 635, 615, 344, 635, 634, 278, 278, 579,
    278, 974, 634, 612, 635, 635, 395, 521, 392, 634, 592, 818, 592, 592, 525, 636, 337, 636, 838,
)
BOLD = (
    348, 456, 521, 838, 696, 1002, 872, 306, 457, 457, 523, 838, 380, 415, 380, 365, 696, 696, 696,
    696, 696, 696, 696, 696, 696, 696, 400, 400, 838, 838, 838, 580, 1000, 774, 762, 734, 830, 683,
    683, 821, 837, 372, 372, 775, 637, 995, 837, 850, 733, 850, 770, 680, 703, 812, 774, 1103, 771,
    724, 725, 457, 365, 457, 838, 500, 500, 675, 716, 593, 716, 678, 405, 716, 712, 343, 343, 665,
    343, 1042, 712, 687, 716, 716, 493, 595, 478, 712, 652, 924, 645, 652, 582, 712, 365, 712, 838,
)
#: what to spare on every width (faces and text rendering differ a little)
SPARE = 1.06
#: the middle dot and the minus sign, which the board writes
OTHERS = {"\u00b7": (318, 380), "\u2212": (838, 838)}
TOKEN = 22  # a token's height and least width (the shell's token style)


def text_width(text: str, size: float, bold: bool = False) -> float:
    """About how wide ``text`` is drawn at ``size`` (a little over)."""
    table = BOLD if bold else REGULAR
    total = 0
    for char in text:
        code = ord(char) - 32
        if 0 <= code < len(table):
            total += table[code]
        else:
            total += OTHERS.get(char, (1000, 1100))[bold]
    return total / 1000 * size * SPARE


def token_width(text: str, size: float) -> float:
    """A token's width: its bold text and padding, never under its height."""
    return max(TOKEN, text_width(text, size, bold=True) + 10)


def card_height(width: int, text: float) -> int:
    """A card tall enough for its rank, its picture (26 units and a margin) and its suit's
    name at ``text`` (the shell draws them 1.15 and 0.7 times the text, lines 1.1 high),
    and never squatter than a playing card."""
    content = 1.1 * (1.15 + 0.7) * text + 28 + 2
    return max(round(width * 1.42), int(content) + 2)
