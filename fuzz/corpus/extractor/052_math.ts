export const add = (a: number, b: number): number => a + b;

export const twice = function (a: number): number {
  return add(a, a);
};
