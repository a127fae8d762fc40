<?php
exit(3);
