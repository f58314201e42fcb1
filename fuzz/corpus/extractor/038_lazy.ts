export async function load(): Promise<void> {
  const m = await import('./util/math');
  m.add(1, 2);
}
