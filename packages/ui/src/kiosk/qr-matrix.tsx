import { useMemo } from 'react';
import './kiosk.css';

/** Props of {@link QrMatrix}. */
export interface QrMatrixProps {
  /** Modules per side. */
  size: number;
  /** `size × size` cells row by row, truthy for a dark module (a QR library's module data). */
  modules: ArrayLike<number | boolean>;
  /** What the code is for, read out instead of the picture ('Payment QR code for RM 12.50'). */
  label: string;
  /** Quiet zone in modules around the code (the QR standard asks for 4). */
  margin?: number;
}

/**
 * A QR code drawn as one SVG path from its module matrix: no canvas, no library here (the app encodes
 * the text with one), crisp at any size, black on white whatever the theme so every phone can scan it.
 */
export function QrMatrix({ size, modules, label, margin = 4 }: QrMatrixProps) {
  const path = useMemo(() => {
    let d = '';
    for (let row = 0; row < size; row++) {
      for (let col = 0; col < size; col++) {
        if (modules[row * size + col]) d += `M${col + margin} ${row + margin}h1v1h-1z`;
      }
    }
    return d;
  }, [size, modules, margin]);
  const side = size + margin * 2;
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`0 0 ${side} ${side}`}
      className="st-qr-matrix"
      shapeRendering="crispEdges"
    >
      <rect width={side} height={side} fill="#ffffff" />
      <path d={path} fill="#000000" />
    </svg>
  );
}
