"""Developer scripts: not part of any command; they may import any stage, nothing imports them."""
