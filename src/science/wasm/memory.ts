// Where each of the engine memory's arrays starts (engine-memory.ts lays them out), imported
// at instantiation, and the registers at the start of the memory: float64 F(k) at byte 8k,
// int32 I(k) at byte 4k (../kernel-layout.ts names each).
@external("env", "state") export declare const STATE: i32;
@external("env", "book") export declare const BOOK: i32;
@external("env", "image") export declare const IMAGE: i32;
@external("env", "counter") export declare const COUNTER: i32;
@external("env", "mass") export declare const MASS: i32;
@external("env", "lastCollision") export declare const LASTCOLL: i32;
@external("env", "shearShift") export declare const SHEARSHIFT: i32;
@external("env", "entry") export declare const ENTRY: i32;
@external("env", "live") export declare const LIVE: i32;
@external("env", "head") export declare const HEAD: i32;
@external("env", "hentry") export declare const HENTRY: i32;
@external("env", "htime") export declare const HTIME: i32;
@external("env", "list") export declare const LIST: i32;
@external("env", "slotOf") export declare const SLOTOF: i32;
@external("env", "mark") export declare const MARK: i32;
@external("env", "markCode") export declare const MARKCODE: i32;
@external("env", "prev") export declare const PREV: i32;
@external("env", "found") export declare const FOUND: i32;
@external("env", "visit") export declare const VISIT: i32;
@external("env", "cellCount") export declare const CELLCOUNT: i32;
@external("env", "cells") export declare const CELLS: i32;

@inline export function F(k: i32): f64 {
  return load<f64>(k << 3);
}
@inline export function setF(k: i32, v: f64): void {
  store<f64>(k << 3, v);
}
@inline export function I(k: i32): i32 {
  return load<i32>(k << 2);
}
@inline export function setI(k: i32, v: i32): void {
  store<i32>(k << 2, v);
}
