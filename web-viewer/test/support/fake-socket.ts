// A WebSocket stand-in for the connection's tests: the test opens it, hands it server messages
// and closes it; what the viewer sent is kept.
import { toBinary } from "@bufbuild/protobuf";
import { ServerMessageSchema, type ServerMessage } from "../../src/gen/meadow/v1/viewer_pb";
import type { SocketLike } from "../../src/net/connection";

export class FakeSocket implements SocketLike {
  binaryType: BinaryType = "blob";
  readyState = 0;
  onopen: ((ev: Event) => unknown) | null = null;
  onclose: ((ev: CloseEvent) => unknown) | null = null;
  onerror: ((ev: Event) => unknown) | null = null;
  onmessage: ((ev: MessageEvent) => unknown) | null = null;
  readonly sent: Uint8Array[] = [];
  closed = false;

  send(data: ArrayBufferView<ArrayBuffer>): void {
    this.sent.push(new Uint8Array(data.buffer, data.byteOffset, data.byteLength));
  }
  close(): void {
    this.closed = true;
  }
  // Driven by the test:
  open(): void {
    this.readyState = 1;
    this.onopen?.(new Event("open"));
  }
  receive(message: ServerMessage): void {
    const bytes = toBinary(ServerMessageSchema, message);
    this.onmessage?.({ data: bytes.slice().buffer } as MessageEvent);
  }
  serverCloses(): void {
    this.readyState = 3;
    this.onclose?.({} as CloseEvent);
  }
}
