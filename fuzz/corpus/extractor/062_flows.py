import functools
from typing import Self


def dec(fn):
    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        return fn(*args, **kwargs)
    return wrapper


@dec
def work(a, b=lambda: 1, *rest, key=None, **extra):
    first, *middle, last = a, b, work, rest
    x = y = {"k": first, 1: [last, *middle], **extra}
    x["k"]()
    y[1][0]()
    for f in (first, last):
        f()
    for i, (p, q) in enumerate(x.items()):
        p(q)
    with open(a) as h, Pool() as pool:
        pool.take(h)
    (lambda: (yield from middle))()
    raise ValueError


class Pool:
    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc):
        return False

    def take(self, h):
        self.items = []
        self.items.append(h)
        self.items.extend([h, work])
        return sorted(self.items, key=lambda v: v)[0]


def gen(xs):
    yield from xs
    yield lambda: gen
