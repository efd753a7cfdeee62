import logging

import pytest

try:
    import nbval.kernel as _nbval_kernel
except ImportError:  # nbval is only needed for the notebooks
    _nbval_kernel = None


def pytest_addoption(parser):
    parser.addoption("--games", type=int, default=None,
                     help="random games per game and player count in the contract test "
                          "(default 25; use tens of thousands for a soak run)")
    parser.addoption("--pairs", type=int, default=None,
                     help="fresh random games per game in the test by difference of hidden "
                          "information (default: the same 3 every run; thousands for a soak)")
    parser.addoption("--fuzz", type=int, default=None,
                     help="examples per property-based (hypothesis) test (default 150, the same "
                          "ones every run; a number for a soak run draws new ones)")


def pytest_configure(config):
    """Property-based tests: a bounded, repeatable set in CI; a soak with --fuzz N."""
    try:
        from hypothesis import settings
    except ImportError:
        return
    soak = config.getoption("--fuzz", default=None)
    settings.register_profile("tomato", max_examples=soak or 150, derandomize=not soak,
                              deadline=None, database=None, print_blob=True)
    settings.load_profile("tomato")


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(config, items):
    """Run with ``--dist loadgroup``: a file's tests stay together on one worker, in order
    (nbval runs a notebook's cells in one kernel; a browser test file's tests share pages),
    unless a test names a group of its own (a long test that may run beside its file's)."""
    for item in items:
        if item.get_closest_marker("xdist_group") is None:
            item.add_marker(pytest.mark.xdist_group(item.nodeid.split("::")[0]))


@pytest.fixture
def games_per_case(request):
    return request.config.getoption("--games") or 25


def _start_kernel_with_one_retry(start):
    """nbval's kernel start, tried a second time when the kernel dies at once. With the test
    workers starting kernels side by side (nbval's, and the browser tests' JupyterLab), a new
    kernel now and then loses a race for a free port and exits before it answers."""
    def start_kernel(*args, **kwargs):
        try:
            return start(*args, **kwargs)
        except RuntimeError:
            logging.getLogger(__name__).warning("a notebook kernel died on start; starting another")
            return start(*args, **kwargs)
    return start_kernel


if _nbval_kernel is not None and not hasattr(_nbval_kernel.start_new_kernel, "__wrapped_once__"):
    _nbval_kernel.start_new_kernel = _start_kernel_with_one_retry(_nbval_kernel.start_new_kernel)
    _nbval_kernel.start_new_kernel.__wrapped_once__ = True
