/** 8-bit luma, row-major, width*height bytes. */
export interface GreyImage {
  width: number;
  height: number;
  data: Uint8Array;
}

/**
 * Area-average resample to an exact size (a box filter with fractional edges): every source
 * pixel contributes in proportion to the area it covers, so no detail is skipped and no
 * ringing is added. Used to bring any analysis image to the hash's 32×32 and to the
 * sharpness scale.
 */
export function resampleArea(grey: GreyImage, width: number, height: number): Float64Array {
  const rows = resampleAxis(grey.data, grey.width, grey.height, width, true);
  return resampleAxis(rows, width, grey.height, height, false);
}

/** One pass along x (horizontal) or y; the other axis is untouched. */
function resampleAxis(src: ArrayLike<number>, w: number, h: number, out: number, horizontal: boolean): Float64Array {
  const from = horizontal ? w : h;
  const lines = horizontal ? h : w;
  const result = new Float64Array(horizontal ? out * h : w * out);
  const scale = from / out;
  for (let o = 0; o < out; o++) {
    const start = o * scale;
    const end = start + scale;
    const first = Math.floor(start);
    const last = Math.min(Math.ceil(end), from);
    for (let line = 0; line < lines; line++) {
      let sum = 0;
      for (let s = first; s < last; s++) {
        const cover = Math.min(end, s + 1) - Math.max(start, s);
        sum += cover * src[horizontal ? line * w + s : s * w + line]!;
      }
      result[horizontal ? line * out + o : o * w + line] = sum / scale;
    }
  }
  return result;
}
