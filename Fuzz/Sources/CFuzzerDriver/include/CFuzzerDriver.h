#ifndef MCONV_CFUZZERDRIVER_H
#define MCONV_CFUZZERDRIVER_H

#include <stddef.h>
#include <stdint.h>

/// libFuzzer's driver (in the fuzzer runtime linked by -sanitize=fuzzer): parses the
/// command line and runs the fuzzing loop with `callback` as the test function.
int LLVMFuzzerRunDriver(int *argc, char ***argv,
                        int (*callback)(const uint8_t *data, size_t size));

#endif
