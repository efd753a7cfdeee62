def knowledge(obs, names):
    return {}
def render_text(obs, names):
    return ""
def results(obs, names):
    return {}
