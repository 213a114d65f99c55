import pytest


@pytest.mark.parametrize("n", [1024])
def test_op(n):
    pass
