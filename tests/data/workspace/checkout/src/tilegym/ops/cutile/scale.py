import cuda.tile as ct


@ct.kernel
def _scale_kernel(x, y, TILE: ct.Constant[int]):
    bid = ct.bid(0)
    t = ct.load(x, index=(bid,), shape=(TILE,))
    ct.store(y, index=(bid,), tile=t * 2)


@ct.kernel
def _scale_backward_kernel(dy, dx, TILE: ct.Constant[int]):
    bid = ct.bid(0)
    ct.store(dx, index=(bid,), tile=ct.load(dy, index=(bid,), shape=(TILE,)) * 2)


def scale(x, y):
    ct.launch(None, (x.shape[0] // 128,), _scale_kernel, (x, y, 128))
