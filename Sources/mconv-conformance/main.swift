print("mconv-conformance")
