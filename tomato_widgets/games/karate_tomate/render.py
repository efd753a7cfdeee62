def scene(obs, names, legal=None):
    return {"width": 900, "height": 580, "items": []}
