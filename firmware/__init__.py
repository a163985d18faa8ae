"""bgref's firmware: camera sources, referee loop, GPIO, journal, CLI."""

import os

# The vision models' small matrix products gain nothing from BLAS threads, which cost CPU (a
# calibrated read took ~8% more process CPU with them on a 2-core machine). The environment
# must say so before numpy is first imported; `bgref` imports this package first.
for _var in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_var, "1")
