import qrcode from 'qrcode-generator';

/**
 * A QR code of `text` as an SVG a phone's camera reads from a projector: dark modules on white with the
 * four-module quiet zone the standard asks for, in any theme. Medium error correction: a projector's glare.
 */
export function QrCode({ text, size, label }: { text: string; size: number; label: string }) {
  const code = qrcode(0, 'M');
  code.addData(text);
  code.make();
  const count = code.getModuleCount();
  const quiet = 4;
  let path = '';
  for (let row = 0; row < count; row++) {
    for (let col = 0; col < count; col++) if (code.isDark(row, col)) path += `M${col + quiet} ${row + quiet}h1v1h-1z`;
  }
  const side = count + 2 * quiet;
  return (
    <svg className="qr-code" width={size} height={size} viewBox={`0 0 ${side} ${side}`} role="img" aria-label={label} shapeRendering="crispEdges">
      <rect width={side} height={side} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
