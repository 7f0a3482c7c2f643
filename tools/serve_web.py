#!/usr/bin/env python3
"""serve_web.py - serves the web build's page on this machine (docs/web.md).

    tools/serve_web.py build-web/site [--port N]

Binds 127.0.0.1 only (default port 8055; 0: any free port) and prints one
first line, flushed, that scripts wait for:

    serving build-web/site at http://127.0.0.1:8055/

Every answer carries the two headers that let a page use threads
(SharedArrayBuffer): Cross-Origin-Opener-Policy: same-origin and
Cross-Origin-Embedder-Policy: require-corp.  .wasm goes out as
application/wasm.  Only regular files under DIR are served: a path that
leaves it (.., a symbolic link out) is 404.  Stdlib only.
"""
import argparse
import functools
import http.server
import os
import sys

TYPES = {
    '.html': 'text/html; charset=utf-8',
    '.js': 'text/javascript; charset=utf-8',
    '.wasm': 'application/wasm',
    '.json': 'application/json',
    '.png': 'image/png',
    '.txt': 'text/plain; charset=utf-8',
}


class Handler(http.server.SimpleHTTPRequestHandler):
    """Static files of one folder, with the headers of a threaded page."""

    extensions_map = {'': 'application/octet-stream', **TYPES}

    def end_headers(self):
        self.send_header('Cross-Origin-Opener-Policy', 'same-origin')
        self.send_header('Cross-Origin-Embedder-Policy', 'require-corp')
        self.send_header('Cache-Control', 'no-cache')
        super().end_headers()

    def send_head(self):
        # translate_path drops "..": what is left to check is where
        # symbolic links lead, and that a file (or a folder's index) is there.
        root = os.path.realpath(self.directory)
        real = os.path.realpath(self.translate_path(self.path))
        if os.path.isdir(real):
            real = os.path.join(real, 'index.html')
        if os.path.commonpath([root, real]) != root or not os.path.isfile(real):
            self.send_error(404, 'not found')
            return None
        return super().send_head()

    def log_message(self, fmt, *args):
        sys.stderr.write('serve_web: ' + (fmt % args) + '\n')


def main():
    parser = argparse.ArgumentParser(description='Serve the web build on 127.0.0.1.')
    parser.add_argument('dir', help='the folder to serve (build-web/site)')
    parser.add_argument('--port', type=int, default=8055, help='0: any free port')
    args = parser.parse_args()
    if not os.path.isdir(args.dir):
        sys.exit(f'serve_web: no folder {args.dir}: build it first (./run.sh web)')
    handler = functools.partial(Handler, directory=args.dir)
    try:
        server = http.server.ThreadingHTTPServer(('127.0.0.1', args.port), handler)
    except OSError as e:
        sys.exit(f'serve_web: cannot listen on 127.0.0.1:{args.port}: {e.strerror}')
    print(f'serving {args.dir} at http://127.0.0.1:{server.server_address[1]}/', flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()


if __name__ == '__main__':
    main()
