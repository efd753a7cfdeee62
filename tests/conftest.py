import pytest


def pytest_addoption(parser):
    parser.addoption("--games", type=int, default=None,
                     help="random games per game and player count in the contract test "
                          "(default 25; use tens of thousands for a soak run)")


@pytest.fixture
def games_per_case(request):
    return request.config.getoption("--games") or 25
