#include <stdio.h>
#include <png.h>
#include <jpeglib.h>
