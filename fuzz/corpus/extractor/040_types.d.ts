
export interface Config {
  port: number;
}
export declare function configure(config: Config): void;
export declare class Server {
  listen(): void;
}
