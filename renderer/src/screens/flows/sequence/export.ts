// The diagram as a file: SVG with its styles inlined (it renders the same without the app's CSS),
// and PNG drawn from that SVG at twice the size.
import { downloadBlob, downloadText } from '../../../lib/download';

/** The computed properties that make the drawing; everything else is the browser's default. */
const PROPERTIES = ['fill', 'stroke', 'stroke-width', 'stroke-dasharray', 'opacity', 'font-family', 'font-size', 'font-weight', 'visibility'] as const;

/** A standalone copy of the diagram: each element's computed look written into its style attribute. */
export function standaloneSvg(svg: SVGSVGElement): string {
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
  });
  copy.setAttribute('xmlns', 'http://www.w3.org/2000/svg');
  return `<?xml version="1.0" encoding="UTF-8"?>\n${new XMLSerializer().serializeToString(copy)}`;
}

export function exportSvg(svg: SVGSVGElement, fileName: string): void {
  downloadText(fileName, standaloneSvg(svg), 'image/svg+xml');
}

export async function exportPng(svg: SVGSVGElement, fileName: string): Promise<void> {
  const width = svg.viewBox.baseVal.width;
  const height = svg.viewBox.baseVal.height;
  // A data: URL, not a blob: one: the page's Content-Security-Policy allows images from data: only.
  const url = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(standaloneSvg(svg))}`;
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
