/**
 * A Float32Array statement parameter is a real[] (a passage's embedding). Each driver sends it
 * the cheapest way it can: PGlite in Postgres's binary array format, read with no number
 * parsing (parsing a 512-number text literal took about 0.6 ms per vector in WebAssembly, and
 * formatting it 0.2 ms in JavaScript); postgres.js, which sends every parameter as text, as the
 * array literal, parsed natively by the server (ADR 0248).
 */

const FLOAT4 = 700;
export const FLOAT4_ARRAY = 1021;

/** array_recv's input: dimensions, no nulls, the element type, then each element as length and big-endian value. */
export function realArrayBinary(values: Float32Array): Uint8Array {
  const view = new DataView(new ArrayBuffer(20 + values.length * 8));
  view.setInt32(0, 1);
  view.setInt32(4, 0);
  view.setInt32(8, FLOAT4);
  view.setInt32(12, values.length);
  view.setInt32(16, 1);
  for (let i = 0; i < values.length; i++) {
    view.setInt32(20 + i * 8, 4);
    view.setFloat32(24 + i * 8, values[i]);
  }
  return new Uint8Array(view.buffer);
}

/** The real[] literal: each value as JavaScript writes the float, which reads back as the same real. */
export function realArrayText(values: Float32Array | readonly (number | null)[]): string {
  return `{${Array.from(values, (value) => (value === null ? 'NULL' : Number.isFinite(value) ? String(value) : value > 0 ? 'Infinity' : value < 0 ? '-Infinity' : 'NaN')).join(',')}}`;
}

/** A real[] as Postgres writes it (one dimension, as every real[] here), back to numbers. */
export function parseRealArray(text: string): (number | null)[] {
  const inner = text.slice(1, -1);
  return inner === '' ? [] : inner.split(',').map((value) => (value === 'NULL' ? null : Number(value)));
}
