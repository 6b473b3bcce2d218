/** Bounds on what one load may cost. Every limit has a CLI flag or option to change it. */
export interface LoadLimits {
  /** Largest file accepted, in bytes. */
  maxBytes: number;
  /** Deepest nesting of objects/arrays accepted. */
  maxDepth: number;
  /** Most YAML aliases one document may expand. */
  maxAliases: number;
  /** Most files one load may read through `$ref`. */
  maxFiles: number;
  /** Total bytes all files of one load may add up to. */
  maxTotalBytes: number;
}

export const DEFAULT_LIMITS: LoadLimits = {
  maxBytes: 50 * 1024 * 1024,
  maxDepth: 256,
  maxAliases: 1000,
  maxFiles: 10_000,
  maxTotalBytes: 200 * 1024 * 1024,
};

/**
 * The deepest nesting any limit may allow: conversion and rules walk schemas recursively, and
 * this depth stays far from Node's stack limit.
 */
export const DEPTH_CEILING = 1000;
