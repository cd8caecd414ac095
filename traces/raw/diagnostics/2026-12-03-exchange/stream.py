import socket, sys, time
mode = sys.argv[1]
if mode == "recv":
    port = int(sys.argv[2]); s = socket.socket(); s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    s.bind(("0.0.0.0", port)); s.listen(1); c, _ = s.accept(); n = 0; t0 = None
    while True:
        b = c.recv(1 << 20)
        if not b: break
        if t0 is None: t0 = time.time()
        n += len(b)
    print(f"recv port {port}: {n} B in {time.time()-t0:.3f} s = {n/(time.time()-t0)/1e6:.2f} MB/s", flush=True)
else:
    host, port, mb = sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
    s = socket.create_connection((host, port)); s.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    buf = b"x" * (1 << 20); t0 = time.time()
    for _ in range(mb): s.sendall(buf)
    s.close(); print(f"send to {host}:{port}: {mb} MiB in {time.time()-t0:.3f} s", flush=True)
