// tomato-widgets' front end, in files by concern that shell.py joins into one ES module, in
// the order it lists them (anywidget loads one module from a blob URL: no imports, no
// bundler, no network). Everything from records or users is set as textContent, never as
// markup. This file: making and filling elements.

function h(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (key === "class") node.className = value;
    else if (key === "text") node.textContent = value;
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else node.setAttribute(key, value);
  }
  for (const child of children) if (child) node.append(child);
  return node;
}

// a node's text, set only when it differs (a text node kept is cheaper than a new one)
function setText(node, text) {
  const first = node.firstChild;
  if (first && first === node.lastChild && first.nodeType === 3) {
    if (first.data !== text) first.data = text;  // keeps the text node: cheaper than replacing it
  } else {
    node.textContent = text;
  }
}
