// ---- pictures ------------------------------------------------------------------------
// A game may ship pictures (its sprites.svg: <symbol>s). They are copied shape by shape into
// one hidden <svg> per view, keeping only the elements and attributes a drawing needs, so
// nothing in the file can run or fetch anything. Items name them: ``icons`` (a row before the
// text) and a card face's ``icon``; the <use> elements point at this view's own copies.
const SVG_NS = "http://www.w3.org/2000/svg";
const SPRITE_ELEMENTS = new Set(["symbol", "g", "path", "circle", "ellipse", "rect", "polygon",
  "polyline", "line"]);
const SPRITE_ATTRIBUTES = new Set(["viewBox", "d", "cx", "cy", "r", "rx", "ry", "x", "y", "width",
  "height", "points", "x1", "y1", "x2", "y2", "fill", "stroke", "stroke-width", "stroke-linecap",
  "stroke-linejoin", "stroke-miterlimit", "stroke-dasharray", "fill-rule", "clip-rule", "opacity",
  "fill-opacity", "stroke-opacity", "transform", "preserveAspectRatio"]);
let viewsMade = 0;

function copyShape(source) {
  const copy = document.createElementNS(SVG_NS, source.localName);
  for (const attribute of source.attributes) {
    if (SPRITE_ATTRIBUTES.has(attribute.name)) copy.setAttribute(attribute.name, attribute.value);
  }
  for (const child of source.children) {
    if (SPRITE_ELEMENTS.has(child.localName) && child.localName !== "symbol") {
      copy.append(copyShape(child));
    }
  }
  return copy;
}

// the pictures of one view: ``install(text)`` takes the game's sprite file, ``icon(name, cls)``
// gives an <svg> drawing that picture (null when the file has no picture of that name)
function pictures() {
  const prefix = `tw-pic-${++viewsMade}-`;
  const holder = document.createElementNS(SVG_NS, "svg");
  holder.setAttribute("class", "tw-sprites");
  holder.setAttribute("aria-hidden", "true");
  const names = new Set();
  let installed = null;
  return {
    holder,
    install(text) {
      if (text === installed) return;
      installed = text;
      holder.replaceChildren();
      names.clear();
      if (!text || typeof DOMParser !== "function") return;
      const parsed = new DOMParser().parseFromString(text, "image/svg+xml");
      for (const symbol of parsed.getElementsByTagNameNS(SVG_NS, "symbol")) {
        const name = symbol.getAttribute("id");
        if (!name || !/^[\w-]{1,60}$/.test(name)) continue;
        const copy = copyShape(symbol);
        copy.setAttribute("id", prefix + name);
        holder.append(copy);
        names.add(name);
      }
    },
    icon(name, cls) {
      if (!names.has(name)) return null;
      const svg = document.createElementNS(SVG_NS, "svg");
      svg.setAttribute("class", cls);
      svg.setAttribute("aria-hidden", "true");
      svg.setAttribute("focusable", "false");
      const use = document.createElementNS(SVG_NS, "use");
      use.setAttribute("href", `#${prefix}${name}`);
      svg.append(use);
      return svg;
    },
  };
}
