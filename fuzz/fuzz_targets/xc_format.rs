#![no_main]
//! See `fuzz_harness::xc_format`.
libfuzzer_sys::fuzz_target!(|data: &[u8]| fuzz_harness::xc_format(data));
