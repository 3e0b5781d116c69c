// The diagram as a file: SVG with its styles inlined (it renders the same without the app's CSS),
// and PNG drawn from that SVG at twice the size. On screen the diagram is two pictures (the lifelines'
// headers stay at the top while the rest scrolls); the file stacks them into one, as they are shown:
// the folded setup folded, the HTTP line only when it is on.
import { downloadBlob, downloadText } from '../../../lib/download';

/** The computed properties that make the drawing; everything else is the browser's default. */
const PROPERTIES = ['fill', 'stroke', 'stroke-width', 'stroke-dasharray', 'opacity', 'font-family', 'font-size', 'font-weight', 'visibility'] as const;

const SVG_NS = 'http://www.w3.org/2000/svg';

/** A copy of one picture with each element's computed look written into its style attribute. */
function styledCopy(svg: SVGSVGElement): SVGSVGElement {
  const copy = svg.cloneNode(true) as SVGSVGElement;
  const originals = [svg, ...svg.querySelectorAll('*')];
  const copies = [copy, ...copy.querySelectorAll('*')];
  originals.forEach((element, i) => {
    const target = copies[i];
    if (!(target instanceof SVGElement)) return;
    const computed = getComputedStyle(element);
    target.setAttribute('style', PROPERTIES.map((p) => `${p}:${computed.getPropertyValue(p)}`).join(';'));
    target.removeAttribute('class');
    target.removeAttribute('tabindex');
    target.removeAttribute('data-testid');
  });
  return copy;
}

/** The pictures' size together: as wide as the widest, as tall as all of them stacked. */
function stackedSize(parts: readonly SVGSVGElement[]): { width: number; height: number } {
  return {
    width: Math.max(...parts.map((p) => p.viewBox.baseVal.width)),
    height: parts.reduce((h, p) => h + p.viewBox.baseVal.height, 0),
  };
}

/** A standalone copy of the diagram: its pictures stacked in one SVG, each element's computed look inlined. */
export function standaloneSvg(parts: readonly SVGSVGElement[]): string {
  const { width, height } = stackedSize(parts);
  const root = document.createElementNS(SVG_NS, 'svg');
  root.setAttribute('xmlns', SVG_NS);
  root.setAttribute('viewBox', `0 0 ${width} ${height}`);
  root.setAttribute('width', String(width));
  root.setAttribute('height', String(height));
  let y = 0;
  for (const part of parts) {
    const copy = styledCopy(part);
    const box = part.viewBox.baseVal;
    copy.setAttribute('x', '0');
    copy.setAttribute('y', String(y));
    copy.setAttribute('width', String(box.width));
    copy.setAttribute('height', String(box.height));
    root.append(copy);
    y += box.height;
  }
  return `<?xml version="1.0" encoding="UTF-8"?>\n${new XMLSerializer().serializeToString(root)}`;
}

export function exportSvg(parts: readonly SVGSVGElement[], fileName: string): void {
  downloadText(fileName, standaloneSvg(parts), 'image/svg+xml');
}

export async function exportPng(parts: readonly SVGSVGElement[], fileName: string): Promise<void> {
  const { width, height } = stackedSize(parts);
  // A data: URL, not a blob: one: the page's Content-Security-Policy allows images from data: only.
  const url = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(standaloneSvg(parts))}`;
  const image = new Image();
  await new Promise<void>((resolve, reject) => {
    image.onload = () => resolve();
    image.onerror = () => reject(new Error('the diagram could not be drawn as an image'));
    image.src = url;
  });
  const canvas = document.createElement('canvas');
  canvas.width = width * 2;
  canvas.height = height * 2;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('this window cannot draw images');
  context.scale(2, 2);
  context.drawImage(image, 0, 0, width, height);
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
  if (!blob) throw new Error('the image could not be encoded as PNG');
  downloadBlob(fileName, blob);
}
