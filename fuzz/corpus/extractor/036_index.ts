export function log(message: string): void {
  console.log(message);
}

export class Logger {
  info(message: string): void {
    log(message);
  }
}
