class V:
    def __add__(self, o): return V()
    def __iadd__(self, o): return self
    def __getitem__(self, k): return self
v = V()
w = -v + v * 2 ** ~v @ v
v += w; v[0] += 1; del v[1:2]
x = v[0][1][::2] < v <= 3 in v not in v is not None
y = (a := v) + (lambda: v)() - [1][0] // {}.get(1) % not_a_name
z = v if v else -(-(-v))
V[int] | None
