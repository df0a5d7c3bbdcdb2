/** Small canvas charts for the side panel: a histogram against a curve, and a time series. */

function prepare(canvas: HTMLCanvasElement): CanvasRenderingContext2D {
  const dpr = Math.min(2, window.devicePixelRatio || 1);
  const w = Math.round(canvas.clientWidth * dpr) || 300, h = Math.round(canvas.clientHeight * dpr) || 150;
  if (canvas.width !== w || canvas.height !== h) {
    canvas.width = w;
    canvas.height = h;
  }
  const ctx = canvas.getContext("2d") as CanvasRenderingContext2D;
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.clearRect(0, 0, w, h);
  ctx.fillStyle = "#0c1016";
  ctx.fillRect(0, 0, w, h);
  ctx.font = `${Math.round(11 * dpr)}px system-ui, sans-serif`;
  return ctx;
}

/**
 * Bars `counts` (bin k covers [k, k+1) * binWidth) with `expected` drawn as a line through the
 * bin centres, both on the same scale.
 */
export function drawHistogram(canvas: HTMLCanvasElement, counts: ArrayLike<number>, expected: ArrayLike<number>, xLabel: string, barColor = "#4cc9f0"): void {
  const ctx = prepare(canvas);
  const w = canvas.width, h = canvas.height, pad = Math.round(h * 0.12);
  const n = counts.length;
  let top = 1;
  for (let k = 0; k < n; k++) top = Math.max(top, counts[k], expected[k]);
  top *= 1.1;
  const bw = (w - 2 * pad) / n;
  ctx.fillStyle = barColor;
  for (let k = 0; k < n; k++) {
    const bh = ((h - 2 * pad) * counts[k]) / top;
    ctx.fillRect(pad + k * bw + 0.5, h - pad - bh, Math.max(1, bw - 1), bh);
  }
  ctx.strokeStyle = "#ffd166";
  ctx.lineWidth = Math.max(1.5, h / 90);
  ctx.beginPath();
  for (let k = 0; k < n; k++) {
    const x = pad + (k + 0.5) * bw, y = h - pad - ((h - 2 * pad) * expected[k]) / top;
    if (k === 0) ctx.moveTo(x, y);
    else ctx.lineTo(x, y);
  }
  ctx.stroke();
  ctx.fillStyle = "#8b98a8";
  ctx.fillText(xLabel, pad, h - pad * 0.2);
}

/** A line through `values` (oldest first) on the fixed range [lo, hi], with a label. */
export function drawSeries(canvas: HTMLCanvasElement, values: ArrayLike<number>, lo: number, hi: number, label: string, color = "#06d6a0"): void {
  const ctx = prepare(canvas);
  const w = canvas.width, h = canvas.height, pad = Math.round(h * 0.12);
  const n = values.length;
  ctx.strokeStyle = "#27313d";
  ctx.lineWidth = 1;
  ctx.beginPath();
  ctx.moveTo(pad, h / 2);
  ctx.lineTo(w - pad, h / 2);
  ctx.stroke();
  ctx.strokeStyle = color;
  ctx.lineWidth = Math.max(1.5, h / 90);
  ctx.beginPath();
  for (let k = 0; k < n; k++) {
    const x = pad + ((w - 2 * pad) * k) / Math.max(1, n - 1);
    const v = Math.max(lo, Math.min(hi, values[k]));
    const y = h - pad - ((h - 2 * pad) * (v - lo)) / (hi - lo);
    if (k === 0) ctx.moveTo(x, y);
    else ctx.lineTo(x, y);
  }
  ctx.stroke();
  ctx.fillStyle = "#8b98a8";
  ctx.fillText(label, pad, pad * 0.9);
}

/** Vertical bars of `values` on [0, max] (e.g. impacts per frame), newest on the right. */
export function drawBars(canvas: HTMLCanvasElement, values: ArrayLike<number>, label: string, color = "#f72585"): void {
  const ctx = prepare(canvas);
  const w = canvas.width, h = canvas.height, pad = Math.round(h * 0.12);
  const n = values.length;
  let top = 1;
  for (let k = 0; k < n; k++) top = Math.max(top, values[k]);
  const bw = (w - 2 * pad) / Math.max(1, n);
  ctx.fillStyle = color;
  for (let k = 0; k < n; k++) {
    const bh = ((h - 2 * pad) * values[k]) / top;
    ctx.fillRect(pad + k * bw, h - pad - bh, Math.max(1, bw - 0.5), bh);
  }
  ctx.fillStyle = "#8b98a8";
  ctx.fillText(`${label} (max ${top})`, pad, pad * 0.9);
}
