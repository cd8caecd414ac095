"""Plain TCP exchanges between two testbed nodes, without MPI: each side sends N bytes and receives N bytes at once,
ITERS times back to back, over one socket carrying both directions (CONNS=1, as Open MPI's TCP BTL has one connection
per pair of processes) or over one socket per direction (CONNS=2). Run by collect-tcp-bidir.sh, one side in each
node's namespace: python3 tcp-bidir.py server|client NODE1_ADDRESS N ITERS CONNS RATE_BPS. The client prints one line
per exchange: when its send returned (the data sat in the socket), when it had received the other side's N bytes,
and N over the rate (one direction's wire time)."""
import socket, sys, threading, time
mode, host = sys.argv[1], sys.argv[2]
N = int(sys.argv[3]); iters = int(sys.argv[4]); conns = int(sys.argv[5]); rate = float(sys.argv[6])
PORT = 5601
def recvall(s, n):
    got = 0
    while got < n:
        b = s.recv(min(1 << 20, n - got))
        if not b: raise SystemExit("closed")
        got += len(b)
def sendall(s, n):
    buf = b'x' * (1 << 20)
    left = n
    while left > 0:
        k = s.send(buf[:min(len(buf), left)]); left -= k
def mk():
    if mode == 'server':
        ls = socket.socket(); ls.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1); ls.bind((host, PORT)); ls.listen(4)
        return [ls.accept()[0] for _ in range(conns)]
    out = []
    for _ in range(conns):
        for t in range(100):
            try:
                s = socket.create_connection((host, PORT)); out.append(s); break
            except OSError: time.sleep(0.05)
    return out
S = mk()
for s in S: s.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
tx = S[0]; rx = S[-1] if mode == 'client' else S[0]
if conns == 2 and mode == 'server': tx, rx = S[1], S[0]
# sync
S[0].send(b's'); recvall(S[0], 1)
res = []
for i in range(iters):
    t0 = time.perf_counter(); done = {}
    def snd(): sendall(tx, N); done['s'] = time.perf_counter() - t0
    def rcv(): recvall(rx, N); done['r'] = time.perf_counter() - t0
    a = threading.Thread(target=snd); b = threading.Thread(target=rcv); a.start(); b.start(); a.join(); b.join()
    res.append((done['s'], done['r'], time.perf_counter() - t0))
if mode == 'client':
    for i, (s_, r_, t) in enumerate(res): print(f"iter {i}: send done {s_*1e3:.1f} ms, recv done {r_*1e3:.1f} ms, both {t*1e3:.1f} ms, wire one way {N/rate*1e3:.1f} ms")
