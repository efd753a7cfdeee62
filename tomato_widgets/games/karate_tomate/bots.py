from ...core.bots import RandomBot
BOTS = {"random": RandomBot}
