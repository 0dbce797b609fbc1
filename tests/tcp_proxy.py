"""A small TCP proxy for the failover tests: one address in front of several `euchre serve`
processes, as a reverse proxy (HAProxy, nginx) with health checks would be. Each new
connection goes to the first backend that accepts it, so once a process dies the next
connection reaches a live one. Bytes are passed through untouched (HTTP and WebSockets)."""

from __future__ import annotations

import asyncio
import contextlib
import threading

from server_support import free_port


class Proxy:
    def __init__(self, backends: list[int]) -> None:
        self.backends = backends
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self._loop = asyncio.new_event_loop()
        self._ready = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)

    def start(self) -> Proxy:
        self._thread.start()
        self._ready.wait(10)
        return self

    def _run(self) -> None:
        asyncio.set_event_loop(self._loop)
        self._loop.set_exception_handler(lambda loop, context: None)  # cut pipes at stop

        async def main() -> None:
            self._server = await asyncio.start_server(self._serve, "127.0.0.1", self.port)
            self._ready.set()
            async with self._server:
                await self._server.serve_forever()

        with contextlib.suppress(asyncio.CancelledError):
            self._loop.run_until_complete(main())

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        for port in self.backends:
            try:
                up_reader, up_writer = await asyncio.open_connection("127.0.0.1", port)
                break
            except OSError:
                continue
        else:
            writer.close()
            return

        async def pipe(source: asyncio.StreamReader, sink: asyncio.StreamWriter) -> None:
            try:
                while data := await source.read(65536):
                    sink.write(data)
                    await sink.drain()
            except (ConnectionError, OSError):
                pass
            finally:
                with contextlib.suppress(Exception):
                    sink.close()

        await asyncio.gather(pipe(reader, up_writer), pipe(up_reader, writer))

    def stop(self) -> None:
        def shut() -> None:
            self._server.close()
            for task in asyncio.all_tasks(self._loop):
                task.cancel()

        self._loop.call_soon_threadsafe(shut)
        self._thread.join(5)
