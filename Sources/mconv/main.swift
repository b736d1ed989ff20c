print("mconv")
