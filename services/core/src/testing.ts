/** `@zaytoon/core/testing`: helpers for the tests of the packages that use core (never imported by running code). */
export * from './db/throwaway-db';
export * from './logging/log-capture';
export * from './test-core';
export * from './geo/geocoded-position';
