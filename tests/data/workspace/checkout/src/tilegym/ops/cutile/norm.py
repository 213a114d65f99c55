import cuda.tile as ct


@ct.kernel
def _norm_fwd_impl(x, y):
    pass


@ct.kernel
def _spare_helper(x):
    pass


def norm(x, y):
    tuned = _norm_fwd_impl
    ct.launch(None, (1,), tuned, (x, y))
