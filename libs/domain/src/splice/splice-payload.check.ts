/**
 * Compile-time guard that a documented compact payload interface and the Daml type it is built
 * from describe the same JSON: `Expect<SameShape<CompactOf<typeof amuletType>, AmuletPayload>>`
 * fails to compile when they drift apart.
 */
export type SameShape<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

export type Expect<X extends true> = X;
