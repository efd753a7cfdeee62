"""A hand-written three-player Tomate round (Ana deals, one round) shared by the record and
bad-input tests: every step is known, so a test can say exactly which step is which. The
last two are the scoring's forced steps, which records written before them leave out
(``data/tomate-scripted-v1.json`` is such a record)."""
from tomato_widgets.core.game import CHANCE
from tomato_widgets.games.tomate.rules import deal_action

DEAL = deal_action([["2-coins", "A-coins", "4-swords"],
                    ["K-coins", "5-cups", "6-swords"],
                    ["7-coins", "Q-cups", "J-clubs"]], "3-clubs")
SCRIPT = [  # (seat, action); 1-based step k is SCRIPT[k - 1]
    (CHANCE, DEAL),          # 1
    (0, "decline"),          # 2
    (1, "play"),             # 3
    (2, "play"),             # 4
    (0, "play"),             # 5
    (1, "play:K-coins"),     # 6
    (2, "play:7-coins"),     # 7
    (0, "play:A-coins"),     # 8  Ana must beat the K of coins: only the ace does
    (0, "play:4-swords"),    # 9
    (1, "play:6-swords"),    # 10
    (2, "play:J-clubs"),     # 11
    (2, "play:Q-cups"),      # 12
    (0, "play:2-coins"),     # 13
    (1, "play:5-cups"),      # 14 Cy wins trick 3; Bo won no trick
    (CHANCE, "penalties"),   # 15 the scoring, taken by the rules alone: Bo pays 3
    (CHANCE, "shares"),      # 16 the pot of 6 in thirds; one round was agreed: the game ends
]
