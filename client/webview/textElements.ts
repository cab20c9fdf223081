/**
 * Builds the webview's DOM. Archive data only ever becomes text nodes: this module has no way
 * to set HTML, and children given as strings are `Text` nodes.
 */

export type Child = Node | string | undefined | false;

export function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes?: Record<string, string | boolean | undefined>,
  children?: readonly Child[],
): HTMLElementTagNameMap[K];
export function element(tag: string, attributes?: Record<string, string | boolean | undefined>, children?: readonly Child[]): HTMLElement;
export function element(tag: string, attributes: Record<string, string | boolean | undefined> = {}, children: readonly Child[] = []): HTMLElement {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === undefined || value === false) continue;
    node.setAttribute(name, value === true ? '' : value);
  }
  append(node, children);
  return node;
}

export function append(parent: Node, children: readonly Child[]): void {
  for (const child of children) {
    if (child === undefined || child === false) continue;
    parent.appendChild(typeof child === 'string' ? document.createTextNode(child) : child);
  }
}

export function icon(name: string): HTMLElement {
  return element('span', { class: `codicon codicon-${name}`, 'aria-hidden': 'true' });
}
