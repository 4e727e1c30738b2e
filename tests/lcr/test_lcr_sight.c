#include "lcr_harness.h"
int main(void){return 0;}
