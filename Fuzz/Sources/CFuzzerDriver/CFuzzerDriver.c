// The declaration in include/CFuzzerDriver.h is all this target provides; the definition
// is libFuzzer's.
#include "CFuzzerDriver.h"
