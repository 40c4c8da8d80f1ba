// Faster convolution kernels for tfjs' plain CPU backend, which training must use (the WASM
// backend has no Conv2DBackpropFilter). The stock filter gradient reads every element through
// TensorBuffer.get() and ran many times slower than the forward pass, which alone made a
// convolutional reader untrainable in the training budget. These walk the typed arrays directly (NHWC, no dilation), with the
// output channels innermost so the JIT gets a tight multiply-add loop, and skip the zeros that
// ReLU and the clipped whiteness map leave in the input. Anything else goes to the stock kernel.
// The other kernels a training step spends its time in (matrix products, row gathers, ReLU and
// its step, splits, broadcast arithmetic, batch sums) are replaced the same way, keeping the
// stock kernels' arithmetic so the trained weights stay the same bytes.
import type * as tfType from '@tensorflow/tfjs';

type Conv2DInfo = ReturnType<typeof tfType.backend_util.computeConv2DInfo>;
interface CpuBackend { data: { get(id: object): { values: Float32Array } }; makeTensorInfo(shape: number[], dtype: string, values: Float32Array): tfType.TensorInfo; blockSize?: number }
type Shape4 = [number, number, number, number];
interface ConvAttrs { strides: number | [number, number]; pad: 'same' | 'valid' | number; dataFormat: string; dilations?: number | [number, number]; dimRoundingMode?: 'floor' | 'round' | 'ceil'; filterShape?: Shape4; inputShape?: Shape4 }

/**
 * Every (output pixel, filter tap) pair of one image whose input pixel lies inside the image, as
 * offsets into the input, the filter and the output, in the order the loops below visit them.
 * Walking a table keeps the multiply-add loops free of the bounds tests and of a callback per
 * tap (a callback shared by three kernels is megamorphic, so the JIT could not inline it).
 */
interface Taps { x: Int32Array; w: Int32Array; y: Int32Array }

const tapTables = new Map<string, Taps>();

function tapsOf(info: Conv2DInfo): Taps {
  const { inHeight, inWidth, inChannels: ci, outHeight, outWidth, outChannels: co, strideHeight: sh, strideWidth: sw, filterHeight: fh, filterWidth: fw } = info;
  const top = info.padInfo.top, left = info.padInfo.left;
  const key = [inHeight, inWidth, ci, outHeight, outWidth, co, sh, sw, fh, fw, top, left].join();
  const known = tapTables.get(key);
  if (known) return known;
  const xs: number[] = [], ws: number[] = [], ys: number[] = [];
  for (let oy = 0; oy < outHeight; oy++) {
    for (let ox = 0; ox < outWidth; ox++) {
      for (let ky = 0; ky < fh; ky++) {
        const iy = oy * sh + ky - top;
        if (iy < 0 || iy >= inHeight) continue;
        for (let kx = 0; kx < fw; kx++) {
          const ix = ox * sw + kx - left;
          if (ix < 0 || ix >= inWidth) continue;
          xs.push((iy * inWidth + ix) * ci); ws.push((ky * fw + kx) * ci * co); ys.push((oy * outWidth + ox) * co);
        }
      }
    }
  }
  const taps = { x: Int32Array.from(xs), w: Int32Array.from(ws), y: Int32Array.from(ys) };
  tapTables.set(key, taps);
  return taps;
}

/** What a walk over the taps computes. */
type Walk = 'forward' | 'filter gradient' | 'input gradient';

/**
 * The walk all three kernels share, images in batch order and taps in table order. Forward:
 * out[y + o] += x[x + c] · w[w + o]; filter gradient: dw[w + o] += x[x + c] · dy[y + o] (both
 * skip the zeros in x); input gradient: dx[x + c] += Σ_o dy[y + o] · w[w + o].
 */
function walk(info: Conv2DInfo, kind: Walk, a: Float32Array, b: Float32Array, dst: Float32Array): Float32Array {
  const ci = info.inChannels, co = info.outChannels;
  const taps = tapsOf(info), n = taps.x.length;
  const xImage = info.inHeight * info.inWidth * ci, yImage = info.outHeight * info.outWidth * co;
  const toFilter = kind === 'filter gradient', toInput = kind === 'input gradient';
  for (let im = 0; im < info.batchSize; im++) {
    for (let t = 0; t < n; t++) {
      const xAt = im * xImage + taps.x[t]!, wAt = taps.w[t]!, yAt = im * yImage + taps.y[t]!;
      for (let c = 0; c < ci; c++) {
        const w0 = wAt + c * co;
        if (toInput) {
          // a is dy, b is the filter.
          let sum = 0;
          for (let o = 0; o < co; o++) sum += a[yAt + o]! * b[w0 + o]!;
          dst[xAt + c]! += sum;
          continue;
        }
        // a is x; b is the filter (forward) or dy (filter gradient).
        const xv = a[xAt + c]!;
        if (xv === 0) continue;
        const d = toFilter ? w0 : yAt, from = toFilter ? yAt : w0;
        for (let o = 0; o < co; o++) dst[d + o]! += xv * b[from + o]!;
      }
    }
  }
  return dst;
}

function forward(info: Conv2DInfo, x: Float32Array, w: Float32Array): Float32Array {
  return walk(info, 'forward', x, w, new Float32Array(info.batchSize * info.outHeight * info.outWidth * info.outChannels));
}

function inputGradient(info: Conv2DInfo, dy: Float32Array, w: Float32Array): Float32Array {
  return walk(info, 'input gradient', dy, w, new Float32Array(info.batchSize * info.inHeight * info.inWidth * info.inChannels));
}

function filterGradient(info: Conv2DInfo, x: Float32Array, dy: Float32Array): Float32Array {
  return walk(info, 'filter gradient', x, dy, new Float32Array(info.filterHeight * info.filterWidth * info.inChannels * info.outChannels));
}

function plainDilation(d: ConvAttrs['dilations']): boolean {
  return d === undefined || d === 1 || (Array.isArray(d) && d[0] === 1 && d[1] === 1);
}

/**
 * Whether `small` broadcasts to `big` by repetition alone: after its leading 1s it is the end of
 * `big`'s shape (a scalar, or a bias row against a batch). Then element i pairs with i % size.
 */
export function repeatsInto(small: readonly number[], big: readonly number[]): boolean {
  const first = small.findIndex((d) => d !== 1);
  const core = first === -1 ? [] : small.slice(first);
  if (core.length > big.length) return false;
  return core.every((d, k) => d === big[big.length - core.length + k]);
}

/**
 * out[i] = big[i] op small[i % small.length], or small[…] op big[i] when the small side comes first.
 * A loop per operation rather than one loop calling the operation: one loop shared by four
 * operations makes a megamorphic call per element.
 */
type Loop = (big: Float32Array, small: Float32Array, out: Float32Array, smallFirst: boolean) => void;

const ARITHMETIC: Record<string, Loop> = {
  Multiply: (big, small, out) => {
    const m = small.length;
    for (let r = 0; r < out.length; r += m) for (let j = 0; j < m; j++) out[r + j] = big[r + j]! * small[j]!;
  },
  Add: (big, small, out) => {
    const m = small.length;
    for (let r = 0; r < out.length; r += m) for (let j = 0; j < m; j++) out[r + j] = big[r + j]! + small[j]!;
  },
  Sub: (big, small, out, smallFirst) => {
    const m = small.length;
    if (smallFirst) for (let r = 0; r < out.length; r += m) for (let j = 0; j < m; j++) out[r + j] = small[j]! - big[r + j]!;
    else for (let r = 0; r < out.length; r += m) for (let j = 0; j < m; j++) out[r + j] = big[r + j]! - small[j]!;
  },
  RealDiv: (big, small, out, smallFirst) => {
    const m = small.length;
    if (smallFirst) for (let r = 0; r < out.length; r += m) for (let j = 0; j < m; j++) out[r + j] = small[j]! / big[r + j]!;
    else for (let r = 0; r < out.length; r += m) for (let j = 0; j < m; j++) out[r + j] = big[r + j]! / small[j]!;
  },
};

/** What a replacement kernel gets: its inputs, the CPU backend and the attributes. */
interface KernelCall {
  inputs: Record<string, tfType.TensorInfo>;
  cpu: CpuBackend;
  attrs: Record<string, unknown>;
}

/** Swaps the CPU backend's kernel `name` for `fast`, which answers null to hand a call to the stock kernel. Once only. */
function replaceKernel(tf: typeof tfType, name: string, fast: (call: KernelCall) => tfType.TensorInfo | null): void {
  const stock = tf.getKernel(name, 'cpu');
  if (stock === undefined || (stock as { fast?: boolean }).fast) return;
  tf.unregisterKernel(name, 'cpu');
  tf.registerKernel({
    kernelName: name,
    backendName: 'cpu',
    fast: true,
    kernelFunc: (args) => fast({ inputs: args.inputs as Record<string, tfType.TensorInfo>, cpu: args.backend as unknown as CpuBackend, attrs: args.attrs as Record<string, unknown> }) ?? stock.kernelFunc(args),
  } as tfType.KernelConfig);
}

/**
 * Element-wise arithmetic where one side repeats into the other (scalar × tensor in Adam, bias +
 * batch in every layer). The stock kernel computes each such element's place through index
 * arrays built per element, which made these plain loops a third of a training step; the values
 * are the same (the same operation on the same float32 inputs, stored as float32).
 */
function installFastArithmetic(tf: typeof tfType): void {
  for (const [name, op] of Object.entries(ARITHMETIC)) {
    replaceKernel(tf, name, ({ inputs, cpu }) => {
      const { a, b } = inputs as { a: tfType.TensorInfo; b: tfType.TensorInfo };
      const bigA = a.shape.length >= b.shape.length && tf.util.sizeFromShape(a.shape) >= tf.util.sizeFromShape(b.shape);
      const [big, small] = bigA ? [a, b] : [b, a];
      if (a.dtype !== 'float32' || b.dtype !== 'float32' || !repeatsInto(small.shape, big.shape)) return null;
      const out = new Float32Array(tf.util.sizeFromShape(big.shape));
      const smallValues = cpu.data.get(small.dataId).values;
      if (smallValues.length > 0) op(cpu.data.get(big.dataId).values, smallValues, out, !bigA);
      return cpu.makeTensorInfo([...big.shape], 'float32', out);
    });
  }
}

/**
 * Sums over the leading axes (the batch, and the image for a convolution's bias gradient). The
 * stock kernel first transposes the tensor element by element through index arrays; this adds
 * each row into a float64 accumulator in the same order, which is the same sum.
 */
function installFastLeadingSum(tf: typeof tfType): void {
  replaceKernel(tf, 'Sum', ({ inputs: { x }, cpu, attrs }) => {
    const { axis, keepDims } = attrs as unknown as { axis: number | number[]; keepDims: boolean };
    const axes = tf.util.parseAxisParam(axis, x!.shape).sort((p, q) => p - q);
    const leading = axes.length > 0 && axes.length < x!.shape.length && axes.every((d, k) => d === k);
    if (x!.dtype !== 'float32' || !leading) return null;
    const v = cpu.data.get(x!.dataId).values;
    const trailing = x!.shape.slice(axes.length);
    const inner = tf.util.sizeFromShape(trailing), rows = v.length / inner;
    const acc = new Float64Array(inner);
    for (let r = 0; r < rows; r++) {
      const at = r * inner;
      for (let j = 0; j < inner; j++) acc[j]! += v[at + j]!;
    }
    return cpu.makeTensorInfo(keepDims ? [...axes.map(() => 1), ...trailing] : trailing, 'float32', Float32Array.from(acc));
  });
}

/**
 * The rows of a matrix (or of its transpose, `across`) laid out with the shared dimension
 * innermost, so a dot product walks two contiguous runs.
 */
function packRows(v: Float32Array, at: number, rows: number, inner: number, across: boolean): Float32Array {
  if (!across) return v.subarray(at, at + rows * inner);
  const out = new Float32Array(rows * inner);
  for (let k = 0; k < inner; k++) for (let r = 0; r < rows; r++) out[r * inner + k] = v[at + k * rows + r]!;
  return out;
}

/**
 * One row of a product: out[at + j] = row · column j, for the n columns of pb (each k long). Four
 * columns at a time share each load of the row; each keeps its own sums, block by block.
 */
function dotRow(pa: Float32Array, ia: number, pb: Float32Array, n: number, k: number, block: number, out: Float32Array, at: number): void {
  let j = 0;
  for (; j + 4 <= n; j += 4) {
    const j0 = j * k, j1 = j0 + k, j2 = j1 + k, j3 = j2 + k;
    let c0 = 0, c1 = 0, c2 = 0, c3 = 0;
    for (let k0 = 0; k0 < k; k0 += block) {
      const k1 = Math.min(k0 + block, k);
      let s0 = 0, s1 = 0, s2 = 0, s3 = 0;
      for (let q = k0; q < k1; q++) {
        const x = pa[ia + q]!;
        s0 += x * pb[j0 + q]!; s1 += x * pb[j1 + q]!; s2 += x * pb[j2 + q]!; s3 += x * pb[j3 + q]!;
      }
      c0 = Math.fround(c0 + s0); c1 = Math.fround(c1 + s1); c2 = Math.fround(c2 + s2); c3 = Math.fround(c3 + s3);
    }
    out[at + j] = c0; out[at + j + 1] = c1; out[at + j + 2] = c2; out[at + j + 3] = c3;
  }
  for (; j < n; j++) {
    const jb = j * k;
    let c = 0;
    for (let k0 = 0; k0 < k; k0 += block) {
      const k1 = Math.min(k0 + block, k);
      let s = 0;
      for (let q = k0; q < k1; q++) s += pa[ia + q]! * pb[jb + q]!;
      c = Math.fround(c + s);
    }
    out[at + j] = c;
  }
}

/**
 * The product of two float32 matrices (or batches of them) with the stock kernel's arithmetic:
 * the shared dimension in blocks of the backend's block size, each block summed in float64 in
 * order and added to the float32 result, so the results are the same bits. The stock kernel
 * computes each product's address through strides, and for a weight gradient (the batch
 * transposed) strides through memory; this lays both sides out contiguously first. Null for
 * what it does not handle (other types, broadcast batches, mismatched shapes).
 */
function product(tf: typeof tfType, cpu: CpuBackend, a: tfType.TensorInfo, b: tfType.TensorInfo, transposeA: boolean, transposeB: boolean): { shape: number[]; values: Float32Array } | null {
  const ra = a.shape.length, rb = b.shape.length;
  if (a.dtype !== 'float32' || b.dtype !== 'float32' || ra < 2 || ra !== rb || cpu.blockSize === undefined) return null;
  const m = transposeA ? a.shape[ra - 1]! : a.shape[ra - 2]!, k = transposeA ? a.shape[ra - 2]! : a.shape[ra - 1]!;
  const n = transposeB ? b.shape[rb - 2]! : b.shape[rb - 1]!;
  const batch = tf.util.sizeFromShape(a.shape.slice(0, -2));
  if ((transposeB ? b.shape[rb - 1] : b.shape[rb - 2]) !== k || tf.util.sizeFromShape(b.shape.slice(0, -2)) !== batch) return null;
  const av = cpu.data.get(a.dataId).values, bv = cpu.data.get(b.dataId).values;
  const out = new Float32Array(batch * m * n);
  for (let bi = 0; bi < batch; bi++) {
    const pa = packRows(av, bi * m * k, m, k, transposeA), pb = packRows(bv, bi * k * n, n, k, !transposeB);
    for (let i = 0; i < m; i++) dotRow(pa, i * k, pb, n, k, cpu.blockSize, out, bi * m * n + i * n);
  }
  return { shape: [...a.shape.slice(0, -2), m, n], values: out };
}

/**
 * Matrix products: every dense layer's gradients (BatchMatMul), and its forward pass with the
 * bias and a ReLU or no activation (_FusedMatMul, which calls the stock product directly, so
 * replacing BatchMatMul alone would not reach it). The bias is added and the ReLU applied as the
 * stock kernels do (float32 sums, max(0, x)); other activations go to the stock kernel.
 */
function installFastMatMul(tf: typeof tfType): void {
  type MatMulAttrs = { transposeA: boolean; transposeB: boolean; activation?: string };
  replaceKernel(tf, 'BatchMatMul', ({ inputs: { a, b }, cpu, attrs }) => {
    const { transposeA, transposeB } = attrs as MatMulAttrs;
    const p = product(tf, cpu, a!, b!, transposeA, transposeB);
    return p && cpu.makeTensorInfo(p.shape, 'float32', p.values);
  });
  replaceKernel(tf, '_FusedMatMul', ({ inputs: { a, b, bias, preluActivationWeights }, cpu, attrs }) => {
    const { transposeA, transposeB, activation } = attrs as MatMulAttrs;
    if (preluActivationWeights !== undefined || (activation !== undefined && activation !== 'linear' && activation !== 'relu')) return null;
    if (bias !== undefined && (bias.dtype !== 'float32' || bias.shape.length !== 1)) return null;
    const p = product(tf, cpu, a!, b!, transposeA, transposeB);
    if (p === null || (bias !== undefined && bias.shape[0] !== p.shape[p.shape.length - 1])) return null;
    const v = p.values;
    if (bias !== undefined) {
      const bv = cpu.data.get(bias.dataId).values, n = bv.length;
      for (let r = 0; r < v.length; r += n) for (let j = 0; j < n; j++) v[r + j] = v[r + j]! + bv[j]!;
    }
    if (activation === 'relu') for (let i = 0; i < v.length; i++) v[i] = Math.max(0, v[i]!);
    return cpu.makeTensorInfo(p.shape, 'float32', v);
  });
}

/**
 * ReLU, its gradient's step and the split a concatenation's gradient makes. The stock ReLU and
 * Step call a function per element, and the stock SplitV copies element by element through
 * index arithmetic; these are plain loops and block copies with
 * the stock kernels' results: max(0, x); NaN, else 1 above 0 and alpha otherwise; the same values.
 */
function installFastElementwise(tf: typeof tfType): void {
  replaceKernel(tf, 'Relu', ({ inputs: { x }, cpu }) => {
    if (x!.dtype !== 'float32') return null;
    const v = cpu.data.get(x!.dataId).values, out = new Float32Array(v.length);
    for (let i = 0; i < v.length; i++) out[i] = Math.max(0, v[i]!);
    return cpu.makeTensorInfo([...x!.shape], 'float32', out);
  });
  replaceKernel(tf, 'Step', ({ inputs: { x }, cpu, attrs }) => {
    if (x!.dtype !== 'float32') return null;
    const alpha = (attrs as { alpha: number }).alpha;
    const v = cpu.data.get(x!.dataId).values, out = new Float32Array(v.length);
    for (let i = 0; i < v.length; i++) { const e = v[i]!; out[i] = Number.isNaN(e) ? NaN : e > 0 ? 1 : alpha; }
    return cpu.makeTensorInfo([...x!.shape], 'float32', out);
  });
  replaceKernel(tf, 'SplitV', ({ inputs: { x }, cpu, attrs }) => {
    if (x!.dtype !== 'float32') return null;
    const { numOrSizeSplits, axis } = attrs as { numOrSizeSplits: number | number[]; axis: number };
    const at = tf.util.parseAxisParam(axis, x!.shape)[0]!;
    const sizes = tf.backend_util.prepareSplitSize(x!, numOrSizeSplits, at);
    const outer = tf.util.sizeFromShape(x!.shape.slice(0, at)), inner = tf.util.sizeFromShape(x!.shape.slice(at + 1));
    const v = cpu.data.get(x!.dataId).values, row = x!.shape[at]! * inner;
    let from = 0;
    // An array of outputs is what a multi-output kernel returns; replaceKernel's type names one.
    return sizes.map((size) => {
      const width = size * inner, out = new Float32Array(outer * width);
      for (let r = 0; r < outer; r++) out.set(v.subarray(r * row + from, r * row + from + width), r * width);
      from += width;
      const shape = [...x!.shape];
      shape[at] = size;
      return cpu.makeTensorInfo(shape, 'float32', out);
    }) as unknown as tfType.TensorInfo;
  });
}

/**
 * Rows picked by index along the first axis: how model.fit cuts every batch out of an epoch's
 * inputs. The stock kernel copies element by element through index arithmetic, a large share of
 * a training step; whole rows are contiguous, so this copies them as blocks. Indices out
 * of range, other axes and batch dimensions go to the stock kernel, which also words the error.
 */
function installFastRowGather(tf: typeof tfType): void {
  replaceKernel(tf, 'GatherV2', ({ inputs: { x, indices }, cpu, attrs }) => {
    const { axis, batchDims } = attrs as { axis: number; batchDims?: number };
    if (x!.dtype !== 'float32' || indices!.dtype !== 'int32' || x!.shape.length === 0 || (batchDims ?? 0) !== 0 || tf.util.parseAxisParam(axis, x!.shape)[0] !== 0) return null;
    const v = cpu.data.get(x!.dataId).values, at = cpu.data.get(indices!.dataId).values as unknown as Int32Array;
    const rows = x!.shape[0]!, width = rows === 0 ? 0 : v.length / rows;
    if (at.some((i) => i < 0 || i >= rows)) return null;
    const out = new Float32Array(at.length * width);
    at.forEach((row, i) => out.set(v.subarray(row * width, row * width + width), i * width));
    return cpu.makeTensorInfo([...indices!.shape, ...x!.shape.slice(1)], 'float32', out);
  });
}

/** Replaces the CPU backend's Conv2D and its two gradients with the direct versions above, and the other kernels a training step spends its time in (same results). */
export function installFastCpuKernels(tf: typeof tfType): void {
  installFastArithmetic(tf);
  installFastMatMul(tf);
  installFastElementwise(tf);
  installFastRowGather(tf);
  installFastLeadingSum(tf);
  const replace = (name: string, run: (cpu: CpuBackend, inputs: Record<string, tfType.TensorInfo>, a: ConvAttrs) => tfType.TensorInfo): void => {
    replaceKernel(tf, name, ({ inputs, cpu, attrs }) => {
      const a = attrs as unknown as ConvAttrs;
      return a.dataFormat === 'NCHW' || !plainDilation(a.dilations) ? null : run(cpu, inputs, a);
    });
  };
  const values = (cpu: CpuBackend, t: tfType.TensorInfo): Float32Array => cpu.data.get(t.dataId).values;
  const info = (xShape: Shape4, wShape: Shape4, a: ConvAttrs): Conv2DInfo =>
    tf.backend_util.computeConv2DInfo(xShape, wShape, a.strides, 1, a.pad as 'same', a.dimRoundingMode, false, 'channelsLast');
  replace('Conv2D', (cpu, { x, filter }, a) => {
    const i = info(x!.shape as Shape4, filter!.shape as Shape4, a);
    return cpu.makeTensorInfo([i.batchSize, i.outHeight, i.outWidth, i.outChannels], 'float32', forward(i, values(cpu, x!), values(cpu, filter!)));
  });
  replace('Conv2DBackpropInput', (cpu, { dy, filter }, a) => {
    const i = info(a.inputShape!, filter!.shape as Shape4, a);
    return cpu.makeTensorInfo(a.inputShape!, 'float32', inputGradient(i, values(cpu, dy!), values(cpu, filter!)));
  });
  replace('Conv2DBackpropFilter', (cpu, { x, dy }, a) => {
    const i = info(x!.shape as Shape4, a.filterShape!, a);
    return cpu.makeTensorInfo(a.filterShape!, 'float32', filterGradient(i, values(cpu, x!), values(cpu, dy!)));
  });
}
