;; The verifier's hottest loops, as WebAssembly with 128-bit SIMD (docs/decisions/
;; presence-0028-simd-kernels.md). Each function performs exactly the floating-point operations of
;; its TypeScript twin, in the same order for every output value: two lanes are two independent
;; outputs (two butterflies, two bins), never a reassociated sum. IEEE-754 double arithmetic is
;; deterministic and WebAssembly never fuses a multiply and an add, so the results are the same
;; bits as the TypeScript's; the tests hold them to it.
;;
;; Arrays are byte offsets into this module's memory (see kernels.ts: the arena). Compiled to
;; dsp-kernels.wasm.ts by `npm run build:kernels --workspace @rollbook/presence`.
(module
  (memory (export "memory") 1 32768)

  ;; Every stage of ComplexFft.butterflies on input already in bit-reversed order: an odd number of
  ;; stages starts with a radix-2 pass, then radix-4 passes with h = 1 or 2, 8, 32 ... (n >= 16).
  ;; cs/sn: the plan's stage tables (entry h - 1 + j is cos/sin(2 pi j / 2h)).
  (func (export "butterflies")
    (param $n i32) (param $log2 i32) (param $sign f64)
    (param $re i32) (param $im i32) (param $cs i32) (param $sn i32)
    (local $h i32)
    (local.set $h (i32.const 1))
    (if (i32.and (local.get $log2) (i32.const 1))
      (then
        (call $radix2First (local.get $n) (local.get $re) (local.get $im))
        (local.set $h (i32.const 2)))
      (else
        (call $radix4First (local.get $n) (local.get $sign) (local.get $re) (local.get $im)
          (local.get $cs) (local.get $sn))
        (local.set $h (i32.const 4))))
    (block $done
      (loop $passes
        (br_if $done (i32.ge_u (local.get $h) (local.get $n)))
        (call $radix4Pass (local.get $n) (local.get $h) (local.get $sign) (local.get $re) (local.get $im)
          (local.get $cs) (local.get $sn))
        (local.set $h (i32.shl (local.get $h) (i32.const 2)))
        (br $passes))))

  ;; re[i], re[i + 1] = re[i] + re[i + 1], re[i] - re[i + 1] (and im) for even i: two pairs at a time.
  (func $radix2First (param $n i32) (param $re i32) (param $im i32)
    (local $at i32) (local $end i32)
    (local.set $end (i32.shl (local.get $n) (i32.const 3)))
    (block $done
      (loop $pairs
        (br_if $done (i32.ge_u (local.get $at) (local.get $end)))
        (call $sumDiff2 (i32.add (local.get $re) (local.get $at)))
        (call $sumDiff2 (i32.add (local.get $im) (local.get $at)))
        (local.set $at (i32.add (local.get $at) (i32.const 32)))
        (br $pairs))))

  ;; Four doubles x0 x1 x2 x3 at p become x0 + x1, x0 - x1, x2 + x3, x2 - x3.
  (func $sumDiff2 (param $p i32)
    (local $lo v128) (local $hi v128) (local $a v128) (local $b v128) (local $s v128) (local $d v128)
    (local.set $lo (v128.load (local.get $p)))
    (local.set $hi (v128.load offset=16 (local.get $p)))
    ;; a = (x0, x2), b = (x1, x3)
    (local.set $a (i8x16.shuffle 0 1 2 3 4 5 6 7 16 17 18 19 20 21 22 23 (local.get $lo) (local.get $hi)))
    (local.set $b (i8x16.shuffle 8 9 10 11 12 13 14 15 24 25 26 27 28 29 30 31 (local.get $lo) (local.get $hi)))
    (local.set $s (f64x2.add (local.get $a) (local.get $b)))
    (local.set $d (f64x2.sub (local.get $a) (local.get $b)))
    (v128.store (local.get $p)
      (i8x16.shuffle 0 1 2 3 4 5 6 7 16 17 18 19 20 21 22 23 (local.get $s) (local.get $d)))
    (v128.store offset=16 (local.get $p)
      (i8x16.shuffle 8 9 10 11 12 13 14 15 24 25 26 27 28 29 30 31 (local.get $s) (local.get $d))))

  ;; The first radix-4 pass (h = 1): every block of four neighbours a, b, c, d, one block at a time,
  ;; its two first-stage pairs (a, b) and (c, d) as the two lanes, then its second-stage pairs
  ;; (a, c) and (b, d) as the two lanes.
  (func $radix4First (param $n i32) (param $sign f64)
    (param $re i32) (param $im i32) (param $cs i32) (param $sn i32)
    (local $w1r v128) (local $w1i v128) (local $w2r v128) (local $w2i v128)
    (local $sg v128) (local $nsg v128)
    (local $at i32) (local $end i32)
    (local $xr v128) (local $xi v128) (local $yr v128) (local $yi v128)
    (local $ar v128) (local $ai v128) (local $br v128) (local $bi v128)
    (local $tr v128) (local $ti v128)
    (local $a1r v128) (local $a1i v128) (local $b1r v128) (local $b1i v128)
    (local $pr v128) (local $pi v128) (local $qr v128) (local $qi v128)
    (local $mr v128) (local $mi v128) (local $rr v128) (local $ri v128)
    (local.set $sg (f64x2.splat (local.get $sign)))
    (local.set $nsg (f64x2.splat (f64.neg (local.get $sign))))
    (local.set $w1r (f64x2.splat (f64.load (local.get $cs))))
    (local.set $w1i (f64x2.splat (f64.mul (local.get $sign) (f64.load (local.get $sn)))))
    (local.set $w2r (f64x2.splat (f64.load offset=8 (local.get $cs))))
    (local.set $w2i (f64x2.splat (f64.mul (local.get $sign) (f64.load offset=8 (local.get $sn)))))
    (local.set $end (i32.shl (local.get $n) (i32.const 3)))
    (block $done
      (loop $blocks
        (br_if $done (i32.ge_u (local.get $at) (local.get $end)))
        ;; x = (a, b), y = (c, d)
        (local.set $xr (v128.load (i32.add (local.get $re) (local.get $at))))
        (local.set $xi (v128.load (i32.add (local.get $im) (local.get $at))))
        (local.set $yr (v128.load offset=16 (i32.add (local.get $re) (local.get $at))))
        (local.set $yi (v128.load offset=16 (i32.add (local.get $im) (local.get $at))))
        ;; first stage, lanes (a, c) and (b, d): t = (b w1, d w1)
        (local.set $ar (i8x16.shuffle 0 1 2 3 4 5 6 7 16 17 18 19 20 21 22 23 (local.get $xr) (local.get $yr)))
        (local.set $ai (i8x16.shuffle 0 1 2 3 4 5 6 7 16 17 18 19 20 21 22 23 (local.get $xi) (local.get $yi)))
        (local.set $br (i8x16.shuffle 8 9 10 11 12 13 14 15 24 25 26 27 28 29 30 31 (local.get $xr) (local.get $yr)))
        (local.set $bi (i8x16.shuffle 8 9 10 11 12 13 14 15 24 25 26 27 28 29 30 31 (local.get $xi) (local.get $yi)))
        (local.set $tr (f64x2.sub (f64x2.mul (local.get $br) (local.get $w1r)) (f64x2.mul (local.get $bi) (local.get $w1i))))
        (local.set $ti (f64x2.add (f64x2.mul (local.get $br) (local.get $w1i)) (f64x2.mul (local.get $bi) (local.get $w1r))))
        ;; (a1, c1) and (b1, d1)
        (local.set $a1r (f64x2.add (local.get $ar) (local.get $tr)))
        (local.set $a1i (f64x2.add (local.get $ai) (local.get $ti)))
        (local.set $b1r (f64x2.sub (local.get $ar) (local.get $tr)))
        (local.set $b1i (f64x2.sub (local.get $ai) (local.get $ti)))
        ;; second stage, lanes (a1, b1) and (c1, d1): m = (c1 w2, d1 w2)
        (local.set $pr (i8x16.shuffle 0 1 2 3 4 5 6 7 16 17 18 19 20 21 22 23 (local.get $a1r) (local.get $b1r)))
        (local.set $pi (i8x16.shuffle 0 1 2 3 4 5 6 7 16 17 18 19 20 21 22 23 (local.get $a1i) (local.get $b1i)))
        (local.set $qr (i8x16.shuffle 8 9 10 11 12 13 14 15 24 25 26 27 28 29 30 31 (local.get $a1r) (local.get $b1r)))
        (local.set $qi (i8x16.shuffle 8 9 10 11 12 13 14 15 24 25 26 27 28 29 30 31 (local.get $a1i) (local.get $b1i)))
        (local.set $mr (f64x2.sub (f64x2.mul (local.get $qr) (local.get $w2r)) (f64x2.mul (local.get $qi) (local.get $w2i))))
        (local.set $mi (f64x2.add (f64x2.mul (local.get $qr) (local.get $w2i)) (f64x2.mul (local.get $qi) (local.get $w2r))))
        ;; r = (v, z): d1 w2 turned a quarter (zr = -sign zi0, zi = sign zr0); c1 w2 as it is
        (local.set $rr (i8x16.shuffle 0 1 2 3 4 5 6 7 24 25 26 27 28 29 30 31
          (local.get $mr) (f64x2.mul (local.get $nsg) (local.get $mi))))
        (local.set $ri (i8x16.shuffle 0 1 2 3 4 5 6 7 24 25 26 27 28 29 30 31
          (local.get $mi) (f64x2.mul (local.get $sg) (local.get $mr))))
        ;; (a, b) = p + r, (c, d) = p - r
        (v128.store (i32.add (local.get $re) (local.get $at)) (f64x2.add (local.get $pr) (local.get $rr)))
        (v128.store (i32.add (local.get $im) (local.get $at)) (f64x2.add (local.get $pi) (local.get $ri)))
        (v128.store offset=16 (i32.add (local.get $re) (local.get $at)) (f64x2.sub (local.get $pr) (local.get $rr)))
        (v128.store offset=16 (i32.add (local.get $im) (local.get $at)) (f64x2.sub (local.get $pi) (local.get $ri)))
        (local.set $at (i32.add (local.get $at) (i32.const 32)))
        (br $blocks))))

  ;; A radix-4 pass with h >= 2 (even): butterflies j and j + 1 of each block as the two lanes.
  (func $radix4Pass (param $n i32) (param $h i32) (param $sign f64)
    (param $re i32) (param $im i32) (param $cs i32) (param $sn i32)
    (local $start i32) (local $j i32) (local $block i32) (local $hb i32)
    (local $t1 i32) (local $t2 i32)
    (local $sg v128) (local $nsg v128)
    (local $w1r v128) (local $w1i v128) (local $w2r v128) (local $w2i v128)
    (local $pa i32) (local $pb i32) (local $pc i32) (local $pd i32)
    (local $ar v128) (local $ai v128) (local $br v128) (local $bi v128)
    (local $cr v128) (local $ci v128) (local $dr v128) (local $di v128)
    (local $tr v128) (local $ti v128) (local $ur v128) (local $ui v128)
    (local $a1r v128) (local $a1i v128) (local $b1r v128) (local $b1i v128)
    (local $c1r v128) (local $c1i v128) (local $d1r v128) (local $d1i v128)
    (local $vr v128) (local $vi v128) (local $zr v128) (local $zi v128)
    (local.set $sg (f64x2.splat (local.get $sign)))
    (local.set $nsg (f64x2.splat (f64.neg (local.get $sign))))
    (local.set $block (i32.shl (local.get $h) (i32.const 2)))
    (local.set $hb (i32.shl (local.get $h) (i32.const 3)))
    (block $blocksDone
      (loop $blocks
        (br_if $blocksDone (i32.ge_u (local.get $start) (local.get $n)))
        (local.set $j (i32.const 0))
        (block $runDone
          (loop $run
            (br_if $runDone (i32.ge_u (local.get $j) (local.get $h)))
            ;; twiddles: stage 2h at h - 1 + j, stage 4h at 2h - 1 + j
            (local.set $t1 (i32.shl (i32.add (i32.sub (local.get $h) (i32.const 1)) (local.get $j)) (i32.const 3)))
            (local.set $t2 (i32.add (local.get $t1) (local.get $hb)))
            (local.set $w1r (v128.load (i32.add (local.get $cs) (local.get $t1))))
            (local.set $w1i (f64x2.mul (local.get $sg) (v128.load (i32.add (local.get $sn) (local.get $t1)))))
            (local.set $w2r (v128.load (i32.add (local.get $cs) (local.get $t2))))
            (local.set $w2i (f64x2.mul (local.get $sg) (v128.load (i32.add (local.get $sn) (local.get $t2)))))
            (local.set $pa (i32.shl (i32.add (local.get $start) (local.get $j)) (i32.const 3)))
            (local.set $pb (i32.add (local.get $pa) (local.get $hb)))
            (local.set $pc (i32.add (local.get $pb) (local.get $hb)))
            (local.set $pd (i32.add (local.get $pc) (local.get $hb)))
            (local.set $ar (v128.load (i32.add (local.get $re) (local.get $pa))))
            (local.set $ai (v128.load (i32.add (local.get $im) (local.get $pa))))
            (local.set $br (v128.load (i32.add (local.get $re) (local.get $pb))))
            (local.set $bi (v128.load (i32.add (local.get $im) (local.get $pb))))
            (local.set $cr (v128.load (i32.add (local.get $re) (local.get $pc))))
            (local.set $ci (v128.load (i32.add (local.get $im) (local.get $pc))))
            (local.set $dr (v128.load (i32.add (local.get $re) (local.get $pd))))
            (local.set $di (v128.load (i32.add (local.get $im) (local.get $pd))))
            (local.set $tr (f64x2.sub (f64x2.mul (local.get $br) (local.get $w1r)) (f64x2.mul (local.get $bi) (local.get $w1i))))
            (local.set $ti (f64x2.add (f64x2.mul (local.get $br) (local.get $w1i)) (f64x2.mul (local.get $bi) (local.get $w1r))))
            (local.set $ur (f64x2.sub (f64x2.mul (local.get $dr) (local.get $w1r)) (f64x2.mul (local.get $di) (local.get $w1i))))
            (local.set $ui (f64x2.add (f64x2.mul (local.get $dr) (local.get $w1i)) (f64x2.mul (local.get $di) (local.get $w1r))))
            (local.set $a1r (f64x2.add (local.get $ar) (local.get $tr)))
            (local.set $a1i (f64x2.add (local.get $ai) (local.get $ti)))
            (local.set $b1r (f64x2.sub (local.get $ar) (local.get $tr)))
            (local.set $b1i (f64x2.sub (local.get $ai) (local.get $ti)))
            (local.set $c1r (f64x2.add (local.get $cr) (local.get $ur)))
            (local.set $c1i (f64x2.add (local.get $ci) (local.get $ui)))
            (local.set $d1r (f64x2.sub (local.get $cr) (local.get $ur)))
            (local.set $d1i (f64x2.sub (local.get $ci) (local.get $ui)))
            (local.set $vr (f64x2.sub (f64x2.mul (local.get $c1r) (local.get $w2r)) (f64x2.mul (local.get $c1i) (local.get $w2i))))
            (local.set $vi (f64x2.add (f64x2.mul (local.get $c1r) (local.get $w2i)) (f64x2.mul (local.get $c1i) (local.get $w2r))))
            ;; z = d1 w2 turned a quarter: zr = -sign zi0, zi = sign zr0
            (local.set $zi (f64x2.mul (local.get $sg)
              (f64x2.sub (f64x2.mul (local.get $d1r) (local.get $w2r)) (f64x2.mul (local.get $d1i) (local.get $w2i)))))
            (local.set $zr (f64x2.mul (local.get $nsg)
              (f64x2.add (f64x2.mul (local.get $d1r) (local.get $w2i)) (f64x2.mul (local.get $d1i) (local.get $w2r)))))
            (v128.store (i32.add (local.get $re) (local.get $pa)) (f64x2.add (local.get $a1r) (local.get $vr)))
            (v128.store (i32.add (local.get $im) (local.get $pa)) (f64x2.add (local.get $a1i) (local.get $vi)))
            (v128.store (i32.add (local.get $re) (local.get $pc)) (f64x2.sub (local.get $a1r) (local.get $vr)))
            (v128.store (i32.add (local.get $im) (local.get $pc)) (f64x2.sub (local.get $a1i) (local.get $vi)))
            (v128.store (i32.add (local.get $re) (local.get $pb)) (f64x2.add (local.get $b1r) (local.get $zr)))
            (v128.store (i32.add (local.get $im) (local.get $pb)) (f64x2.add (local.get $b1i) (local.get $zi)))
            (v128.store (i32.add (local.get $re) (local.get $pd)) (f64x2.sub (local.get $b1r) (local.get $zr)))
            (v128.store (i32.add (local.get $im) (local.get $pd)) (f64x2.sub (local.get $b1i) (local.get $zi)))
            (local.set $j (i32.add (local.get $j) (i32.const 2)))
            (br $run)))
        (local.set $start (i32.add (local.get $start) (local.get $block)))
        (br $blocks))))

  ;; Bins kFrom..kTo of RealBandDft.forward from its sub-transforms: bin k sums, by Horner's rule
  ;; from pair `pairs - 1` down to 0, the even and odd subsequences' bins k mod L (re/im hold the
  ;; pairs' transforms back to back, L apart). Two neighbouring bins are the two lanes where their
  ;; bins and their mirror bins L - q are neighbours too; the others go one at a time.
  (func (export "bandBins")
    (param $l i32) (param $pairs i32) (param $kFrom i32) (param $kTo i32)
    (param $re i32) (param $im i32) (param $cos i32) (param $sin i32) (param $outRe i32) (param $outIm i32)
    (local $k i32) (local $q i32) (local $mask i32)
    (local.set $mask (i32.sub (local.get $l) (i32.const 1)))
    (local.set $k (local.get $kFrom))
    (block $done
      (loop $bins
        (br_if $done (i32.gt_s (local.get $k) (local.get $kTo)))
        (local.set $q (i32.and (local.get $k) (local.get $mask)))
        (if (i32.and
              (i32.and (i32.lt_s (local.get $k) (local.get $kTo)) (i32.ge_u (local.get $q) (i32.const 1)))
              (i32.le_u (local.get $q) (i32.sub (local.get $l) (i32.const 2))))
          (then
            (call $twoBins (local.get $l) (local.get $pairs) (local.get $q)
              (i32.shl (i32.sub (local.get $k) (local.get $kFrom)) (i32.const 3))
              (local.get $re) (local.get $im) (local.get $cos) (local.get $sin) (local.get $outRe) (local.get $outIm))
            (local.set $k (i32.add (local.get $k) (i32.const 2))))
          (else
            (call $oneBin (local.get $l) (local.get $pairs) (local.get $q)
              (i32.shl (i32.sub (local.get $k) (local.get $kFrom)) (i32.const 3))
              (local.get $re) (local.get $im) (local.get $cos) (local.get $sin) (local.get $outRe) (local.get $outIm))
            (local.set $k (i32.add (local.get $k) (i32.const 1)))))
        (br $bins))))

  ;; One bin (its index into cos/sin/out is `at` bytes).
  (func $oneBin
    (param $l i32) (param $pairs i32) (param $q i32) (param $at i32)
    (param $re i32) (param $im i32) (param $cos i32) (param $sin i32) (param $outRe i32) (param $outIm i32)
    (local $q2 i32) (local $p i32) (local $o i32) (local $lb i32)
    (local $wr f64) (local $wi f64) (local $accRe f64) (local $accIm f64) (local $t f64)
    (local $ar f64) (local $ai f64) (local $br f64) (local $bi f64) (local $oddRe f64) (local $oddIm f64)
    (local.set $q2 (i32.and (i32.sub (local.get $l) (local.get $q)) (i32.sub (local.get $l) (i32.const 1))))
    (local.set $wr (f64.load (i32.add (local.get $cos) (local.get $at))))
    (local.set $wi (f64.neg (f64.load (i32.add (local.get $sin) (local.get $at)))))
    (local.set $lb (i32.shl (local.get $l) (i32.const 3)))
    (local.set $p (local.get $pairs))
    (block $done
      (loop $horner
        (br_if $done (i32.eqz (local.get $p)))
        (local.set $p (i32.sub (local.get $p) (i32.const 1)))
        (local.set $o (i32.mul (local.get $p) (local.get $lb)))
        (local.set $ar (f64.load (i32.add (local.get $re) (i32.add (local.get $o) (i32.shl (local.get $q) (i32.const 3))))))
        (local.set $ai (f64.load (i32.add (local.get $im) (i32.add (local.get $o) (i32.shl (local.get $q) (i32.const 3))))))
        (local.set $br (f64.load (i32.add (local.get $re) (i32.add (local.get $o) (i32.shl (local.get $q2) (i32.const 3))))))
        (local.set $bi (f64.neg (f64.load (i32.add (local.get $im) (i32.add (local.get $o) (i32.shl (local.get $q2) (i32.const 3)))))))
        (local.set $oddRe (f64.mul (f64.const 0.5) (f64.sub (local.get $ai) (local.get $bi))))
        (local.set $oddIm (f64.mul (f64.const -0.5) (f64.sub (local.get $ar) (local.get $br))))
        (local.set $t (f64.add (f64.sub (f64.mul (local.get $accRe) (local.get $wr)) (f64.mul (local.get $accIm) (local.get $wi))) (local.get $oddRe)))
        (local.set $accIm (f64.add (f64.add (f64.mul (local.get $accRe) (local.get $wi)) (f64.mul (local.get $accIm) (local.get $wr))) (local.get $oddIm)))
        (local.set $accRe (local.get $t))
        (local.set $t (f64.add (f64.sub (f64.mul (local.get $accRe) (local.get $wr)) (f64.mul (local.get $accIm) (local.get $wi)))
          (f64.mul (f64.const 0.5) (f64.add (local.get $ar) (local.get $br)))))
        (local.set $accIm (f64.add (f64.add (f64.mul (local.get $accRe) (local.get $wi)) (f64.mul (local.get $accIm) (local.get $wr)))
          (f64.mul (f64.const 0.5) (f64.add (local.get $ai) (local.get $bi)))))
        (local.set $accRe (local.get $t))
        (br $horner)))
    (f64.store (i32.add (local.get $outRe) (local.get $at)) (local.get $accRe))
    (f64.store (i32.add (local.get $outIm) (local.get $at)) (local.get $accIm)))

  ;; Bins k and k + 1 as lanes: their q, q + 1 are neighbours, and so are their mirrors L - q - 1, L - q
  ;; (1 <= q <= L - 2), loaded together and swapped into lane order.
  (func $twoBins
    (param $l i32) (param $pairs i32) (param $q i32) (param $at i32)
    (param $re i32) (param $im i32) (param $cos i32) (param $sin i32) (param $outRe i32) (param $outIm i32)
    (local $mirror i32) (local $p i32) (local $o i32) (local $lb i32)
    (local $wr v128) (local $wi v128) (local $accRe v128) (local $accIm v128) (local $t v128)
    (local $ar v128) (local $ai v128) (local $br v128) (local $bi v128) (local $oddRe v128) (local $oddIm v128)
    (local $half v128) (local $minusHalf v128)
    (local.set $half (f64x2.splat (f64.const 0.5)))
    (local.set $minusHalf (f64x2.splat (f64.const -0.5)))
    ;; byte offset of L - q - 1 (lane 1's mirror; lane 0's is the next one)
    (local.set $mirror (i32.shl (i32.sub (i32.sub (local.get $l) (local.get $q)) (i32.const 1)) (i32.const 3)))
    (local.set $wr (v128.load (i32.add (local.get $cos) (local.get $at))))
    (local.set $wi (f64x2.neg (v128.load (i32.add (local.get $sin) (local.get $at)))))
    (local.set $accRe (v128.const f64x2 0 0))
    (local.set $accIm (v128.const f64x2 0 0))
    (local.set $lb (i32.shl (local.get $l) (i32.const 3)))
    (local.set $p (local.get $pairs))
    (block $done
      (loop $horner
        (br_if $done (i32.eqz (local.get $p)))
        (local.set $p (i32.sub (local.get $p) (i32.const 1)))
        (local.set $o (i32.mul (local.get $p) (local.get $lb)))
        (local.set $ar (v128.load (i32.add (local.get $re) (i32.add (local.get $o) (i32.shl (local.get $q) (i32.const 3))))))
        (local.set $ai (v128.load (i32.add (local.get $im) (i32.add (local.get $o) (i32.shl (local.get $q) (i32.const 3))))))
        (local.set $br (v128.load (i32.add (local.get $re) (i32.add (local.get $o) (local.get $mirror)))))
        (local.set $br (i8x16.shuffle 8 9 10 11 12 13 14 15 0 1 2 3 4 5 6 7 (local.get $br) (local.get $br)))
        (local.set $bi (v128.load (i32.add (local.get $im) (i32.add (local.get $o) (local.get $mirror)))))
        (local.set $bi (f64x2.neg (i8x16.shuffle 8 9 10 11 12 13 14 15 0 1 2 3 4 5 6 7 (local.get $bi) (local.get $bi))))
        (local.set $oddRe (f64x2.mul (local.get $half) (f64x2.sub (local.get $ai) (local.get $bi))))
        (local.set $oddIm (f64x2.mul (local.get $minusHalf) (f64x2.sub (local.get $ar) (local.get $br))))
        (local.set $t (f64x2.add (f64x2.sub (f64x2.mul (local.get $accRe) (local.get $wr)) (f64x2.mul (local.get $accIm) (local.get $wi))) (local.get $oddRe)))
        (local.set $accIm (f64x2.add (f64x2.add (f64x2.mul (local.get $accRe) (local.get $wi)) (f64x2.mul (local.get $accIm) (local.get $wr))) (local.get $oddIm)))
        (local.set $accRe (local.get $t))
        (local.set $t (f64x2.add (f64x2.sub (f64x2.mul (local.get $accRe) (local.get $wr)) (f64x2.mul (local.get $accIm) (local.get $wi)))
          (f64x2.mul (local.get $half) (f64x2.add (local.get $ar) (local.get $br)))))
        (local.set $accIm (f64x2.add (f64x2.add (f64x2.mul (local.get $accRe) (local.get $wi)) (f64x2.mul (local.get $accIm) (local.get $wr)))
          (f64x2.mul (local.get $half) (f64x2.add (local.get $ai) (local.get $bi)))))
        (local.set $accRe (local.get $t))
        (br $horner)))
    (v128.store (i32.add (local.get $outRe) (local.get $at)) (local.get $accRe))
    (v128.store (i32.add (local.get $outIm) (local.get $at)) (local.get $accIm)))

  ;; correlateChirps' product of the band's spectrum with a template's: out = a times conj(b),
  ;; re = ar br + ai bi, im = ai br - ar bi, for n (even) bins; two bins as the lanes.
  (func (export "spectrumProduct")
    (param $n i32) (param $aRe i32) (param $aIm i32) (param $bRe i32) (param $bIm i32)
    (param $outRe i32) (param $outIm i32)
    (local $at i32) (local $end i32)
    (local $ar v128) (local $ai v128) (local $br v128) (local $bi v128)
    (local.set $end (i32.shl (local.get $n) (i32.const 3)))
    (block $done
      (loop $bins
        (br_if $done (i32.ge_u (local.get $at) (local.get $end)))
        (local.set $ar (v128.load (i32.add (local.get $aRe) (local.get $at))))
        (local.set $ai (v128.load (i32.add (local.get $aIm) (local.get $at))))
        (local.set $br (v128.load (i32.add (local.get $bRe) (local.get $at))))
        (local.set $bi (v128.load (i32.add (local.get $bIm) (local.get $at))))
        (v128.store (i32.add (local.get $outRe) (local.get $at))
          (f64x2.add (f64x2.mul (local.get $ar) (local.get $br)) (f64x2.mul (local.get $ai) (local.get $bi))))
        (v128.store (i32.add (local.get $outIm) (local.get $at))
          (f64x2.sub (f64x2.mul (local.get $ai) (local.get $br)) (f64x2.mul (local.get $ar) (local.get $bi))))
        (local.set $at (i32.add (local.get $at) (i32.const 16)))
        (br $bins))))

  ;; correlateChirps' normalised envelope: ncc[l] = sqrt(re^2 + im^2) / (energyNorm[l] tplNorm) for
  ;; l < lags, stored as float32; with `levels`, also level[l] = ncc (as a double) times
  ;; levelScale[l]. Two lags as the lanes, an odd last one alone.
  (func (export "normalisedEnvelope")
    (param $lags i32) (param $re i32) (param $im i32) (param $energyNorm i32) (param $tplNorm f64)
    (param $ncc i32) (param $levels i32) (param $levelScale i32) (param $level i32)
    (local $l i32) (local $pairsEnd i32) (local $norm v128) (local $v v128)
    (local $r v128) (local $i v128) (local $x f64)
    (local.set $norm (f64x2.splat (local.get $tplNorm)))
    (local.set $pairsEnd (i32.and (local.get $lags) (i32.const -2)))
    (block $done
      (loop $pairs
        (br_if $done (i32.ge_u (local.get $l) (local.get $pairsEnd)))
        (local.set $r (v128.load (i32.add (local.get $re) (i32.shl (local.get $l) (i32.const 3)))))
        (local.set $i (v128.load (i32.add (local.get $im) (i32.shl (local.get $l) (i32.const 3)))))
        (local.set $v (f64x2.div
          (f64x2.sqrt (f64x2.add (f64x2.mul (local.get $r) (local.get $r)) (f64x2.mul (local.get $i) (local.get $i))))
          (f64x2.mul (v128.load (i32.add (local.get $energyNorm) (i32.shl (local.get $l) (i32.const 3)))) (local.get $norm))))
        (v128.store64_lane 0 (i32.add (local.get $ncc) (i32.shl (local.get $l) (i32.const 2)))
          (f32x4.demote_f64x2_zero (local.get $v)))
        (if (local.get $levels)
          (then
            (v128.store64_lane 0 (i32.add (local.get $level) (i32.shl (local.get $l) (i32.const 2)))
              (f32x4.demote_f64x2_zero (f64x2.mul (local.get $v)
                (v128.load (i32.add (local.get $levelScale) (i32.shl (local.get $l) (i32.const 3)))))))))
        (local.set $l (i32.add (local.get $l) (i32.const 2)))
        (br $pairs)))
    (if (i32.lt_u (local.get $l) (local.get $lags))
      (then
        (local.set $x (f64.div
          (f64.sqrt (f64.add
            (f64.mul (f64.load (i32.add (local.get $re) (i32.shl (local.get $l) (i32.const 3))))
                     (f64.load (i32.add (local.get $re) (i32.shl (local.get $l) (i32.const 3)))))
            (f64.mul (f64.load (i32.add (local.get $im) (i32.shl (local.get $l) (i32.const 3))))
                     (f64.load (i32.add (local.get $im) (i32.shl (local.get $l) (i32.const 3)))))))
          (f64.mul (f64.load (i32.add (local.get $energyNorm) (i32.shl (local.get $l) (i32.const 3)))) (local.get $tplNorm))))
        (f32.store (i32.add (local.get $ncc) (i32.shl (local.get $l) (i32.const 2))) (f32.demote_f64 (local.get $x)))
        (if (local.get $levels)
          (then
            (f32.store (i32.add (local.get $level) (i32.shl (local.get $l) (i32.const 2)))
              (f32.demote_f64 (f64.mul (local.get $x)
                (f64.load (i32.add (local.get $levelScale) (i32.shl (local.get $l) (i32.const 3))))))))))))

  ;; dilate's test that every bit pattern of n int32s lies in 0 .. limit - 1 (floats >= +0 below
  ;; the limit's pattern): 1 when so, else 0. Four at a time, then the rest.
  (func (export "bitsBelow") (param $n i32) (param $bits i32) (param $limit i32) (result i32)
    (local $i i32) (local $end i32) (local $outside v128) (local $v v128) (local $top v128)
    (local $rest i32) (local $x i32)
    (local.set $top (i32x4.splat (i32.sub (local.get $limit) (i32.const 1))))
    (local.set $end (i32.and (local.get $n) (i32.const -4)))
    (block $done
      (loop $quads
        (br_if $done (i32.ge_u (local.get $i) (local.get $end)))
        (local.set $v (v128.load (i32.add (local.get $bits) (i32.shl (local.get $i) (i32.const 2)))))
        (local.set $outside (v128.or (local.get $outside)
          (v128.or (i32x4.sub (local.get $top) (local.get $v)) (local.get $v))))
        (local.set $i (i32.add (local.get $i) (i32.const 4)))
        (br $quads)))
    (local.set $rest (i32.or
      (i32.or (i32x4.extract_lane 0 (local.get $outside)) (i32x4.extract_lane 1 (local.get $outside)))
      (i32.or (i32x4.extract_lane 2 (local.get $outside)) (i32x4.extract_lane 3 (local.get $outside)))))
    (block $tailDone
      (loop $tail
        (br_if $tailDone (i32.ge_u (local.get $i) (local.get $n)))
        (local.set $x (i32.load (i32.add (local.get $bits) (i32.shl (local.get $i) (i32.const 2)))))
        (local.set $rest (i32.or (local.get $rest)
          (i32.or (i32.sub (i32.sub (local.get $limit) (i32.const 1)) (local.get $x)) (local.get $x))))
        (local.set $i (i32.add (local.get $i) (i32.const 1)))
        (br $tail)))
    (i32.ge_s (local.get $rest) (i32.const 0)))

  ;; dilate's parabolic refinement of every local peak, on finite float32 values >= 0 (see
  ;; refinePeaksOfBits): each interior lag's candidate min(1, y1 - (y0 - y2)^2 / (8 curvature)) in
  ;; doubles, stored as float32, chosen by the bit patterns where the lag is a peak and not a plateau.
  ;; Two lags as the lanes for the candidates, four for the selection; the ends as r = values.
  (func (export "refinePeaks") (param $n i32) (param $values i32) (param $r i32) (param $candidates i32)
    (local $i i32) (local $at i32) (local $y0 v128) (local $y1 v128) (local $y2 v128) (local $curvature v128)
    (local $d v128) (local $one v128) (local $two v128) (local $eight v128)
    (local $a v128) (local $b v128) (local $c v128) (local $differs v128) (local $mask v128)
    (local $ys f64) (local $y0s f64) (local $y2s f64) (local $cs f64)
    (local $as i32) (local $bs i32) (local $dfs i32) (local $ms i32)
    (local.set $one (f64x2.splat (f64.const 1)))
    (local.set $two (f64x2.splat (f64.const 2)))
    (local.set $eight (f64x2.splat (f64.const 8)))
    ;; candidates for i = 1 .. n - 2, two at a time
    (local.set $i (i32.const 1))
    (block $pairsDone
      (loop $pairs
        (br_if $pairsDone (i32.gt_s (i32.add (local.get $i) (i32.const 1)) (i32.sub (local.get $n) (i32.const 2))))
        (local.set $at (i32.add (local.get $values) (i32.shl (local.get $i) (i32.const 2))))
        (local.set $y0 (f64x2.promote_low_f32x4 (v128.load64_zero offset=0 (i32.sub (local.get $at) (i32.const 4)))))
        (local.set $y1 (f64x2.promote_low_f32x4 (v128.load64_zero (local.get $at))))
        (local.set $y2 (f64x2.promote_low_f32x4 (v128.load64_zero offset=4 (local.get $at))))
        (local.set $curvature (f64x2.add (f64x2.sub (local.get $y0) (f64x2.mul (local.get $two) (local.get $y1))) (local.get $y2)))
        (local.set $d (f64x2.sub (local.get $y0) (local.get $y2)))
        (v128.store64_lane 0 (i32.add (local.get $candidates) (i32.shl (local.get $i) (i32.const 2)))
          (f32x4.demote_f64x2_zero (f64x2.min (local.get $one)
            (f64x2.sub (local.get $y1)
              (f64x2.div (f64x2.mul (local.get $d) (local.get $d)) (f64x2.mul (local.get $eight) (local.get $curvature)))))))
        (local.set $i (i32.add (local.get $i) (i32.const 2)))
        (br $pairs)))
    (if (i32.le_s (local.get $i) (i32.sub (local.get $n) (i32.const 2)))
      (then
        (local.set $at (i32.add (local.get $values) (i32.shl (local.get $i) (i32.const 2))))
        (local.set $y0s (f64.promote_f32 (f32.load (i32.sub (local.get $at) (i32.const 4)))))
        (local.set $ys (f64.promote_f32 (f32.load (local.get $at))))
        (local.set $y2s (f64.promote_f32 (f32.load offset=4 (local.get $at))))
        (local.set $cs (f64.add (f64.sub (local.get $y0s) (f64.mul (f64.const 2) (local.get $ys))) (local.get $y2s)))
        (f32.store (i32.add (local.get $candidates) (i32.shl (local.get $i) (i32.const 2)))
          (f32.demote_f64 (f64.min (f64.const 1)
            (f64.sub (local.get $ys)
              (f64.div (f64.mul (f64.sub (local.get $y0s) (local.get $y2s)) (f64.sub (local.get $y0s) (local.get $y2s)))
                (f64.mul (f64.const 8) (local.get $cs)))))))))
    ;; the selection for i = 1 .. n - 2, four at a time
    (i32.store (local.get $r) (i32.load (local.get $values)))
    (i32.store (i32.add (local.get $r) (i32.shl (i32.sub (local.get $n) (i32.const 1)) (i32.const 2)))
      (i32.load (i32.add (local.get $values) (i32.shl (i32.sub (local.get $n) (i32.const 1)) (i32.const 2)))))
    (local.set $i (i32.const 1))
    (block $quadsDone
      (loop $quads
        (br_if $quadsDone (i32.gt_s (i32.add (local.get $i) (i32.const 3)) (i32.sub (local.get $n) (i32.const 2))))
        (local.set $at (i32.shl (local.get $i) (i32.const 2)))
        (local.set $a (v128.load (i32.sub (i32.add (local.get $values) (local.get $at)) (i32.const 4))))
        (local.set $b (v128.load (i32.add (local.get $values) (local.get $at))))
        (local.set $c (v128.load offset=4 (i32.add (local.get $values) (local.get $at))))
        (local.set $differs (v128.or (v128.xor (local.get $a) (local.get $b)) (v128.xor (local.get $c) (local.get $b))))
        (local.set $mask (v128.and
          (i32x4.shr_s (v128.not (v128.or (i32x4.sub (local.get $b) (local.get $a)) (i32x4.sub (local.get $b) (local.get $c)))) (i32.const 31))
          (i32x4.shr_s (v128.or (local.get $differs) (i32x4.neg (local.get $differs))) (i32.const 31))))
        (v128.store (i32.add (local.get $r) (local.get $at))
          (v128.bitselect (v128.load (i32.add (local.get $candidates) (local.get $at))) (local.get $b) (local.get $mask)))
        (local.set $i (i32.add (local.get $i) (i32.const 4)))
        (br $quads)))
    (block $tailDone
      (loop $tail
        (br_if $tailDone (i32.gt_s (local.get $i) (i32.sub (local.get $n) (i32.const 2))))
        (local.set $at (i32.shl (local.get $i) (i32.const 2)))
        (local.set $as (i32.load (i32.sub (i32.add (local.get $values) (local.get $at)) (i32.const 4))))
        (local.set $bs (i32.load (i32.add (local.get $values) (local.get $at))))
        (local.set $dfs (i32.load offset=4 (i32.add (local.get $values) (local.get $at))))
        (local.set $ms (i32.and
          (i32.shr_s (i32.xor (i32.or (i32.sub (local.get $bs) (local.get $as)) (i32.sub (local.get $bs) (local.get $dfs))) (i32.const -1)) (i32.const 31))
          (i32.shr_s (i32.or
              (i32.or (i32.xor (local.get $as) (local.get $bs)) (i32.xor (local.get $dfs) (local.get $bs)))
              (i32.sub (i32.const 0) (i32.or (i32.xor (local.get $as) (local.get $bs)) (i32.xor (local.get $dfs) (local.get $bs)))))
            (i32.const 31))))
        (i32.store (i32.add (local.get $r) (local.get $at))
          (i32.or (i32.and (i32.load (i32.add (local.get $candidates) (local.get $at))) (local.get $ms))
                  (i32.and (local.get $bs) (i32.xor (local.get $ms) (i32.const -1)))))
        (local.set $i (i32.add (local.get $i) (i32.const 1)))
        (br $tail))))

  ;; out[i] = the largest of r[i - 2 .. i + 2] for 2 <= i < n - 2, on bit patterns of values >= +0
  ;; (signed int32 order is the floats' order there). Four at a time, then the rest.
  (func (export "slidingMax5") (param $n i32) (param $r i32) (param $out i32)
    (local $i i32) (local $at i32) (local $m i32)
    (local.set $i (i32.const 2))
    (block $quadsDone
      (loop $quads
        (br_if $quadsDone (i32.gt_s (i32.add (local.get $i) (i32.const 3)) (i32.sub (local.get $n) (i32.const 3))))
        (local.set $at (i32.add (local.get $r) (i32.shl (local.get $i) (i32.const 2))))
        (v128.store (i32.add (local.get $out) (i32.shl (local.get $i) (i32.const 2)))
          (i32x4.max_s
            (i32x4.max_s (v128.load (i32.sub (local.get $at) (i32.const 8))) (v128.load (i32.sub (local.get $at) (i32.const 4))))
            (i32x4.max_s
              (i32x4.max_s (v128.load (local.get $at)) (v128.load offset=4 (local.get $at)))
              (v128.load offset=8 (local.get $at)))))
        (local.set $i (i32.add (local.get $i) (i32.const 4)))
        (br $quads)))
    (block $tailDone
      (loop $tail
        (br_if $tailDone (i32.gt_s (local.get $i) (i32.sub (local.get $n) (i32.const 3))))
        (local.set $at (i32.add (local.get $r) (i32.shl (local.get $i) (i32.const 2))))
        (local.set $m (call $keepMax (i32.load (i32.sub (local.get $at) (i32.const 8)))
          (i32.load (i32.sub (local.get $at) (i32.const 4)))))
        (local.set $m (call $keepMax (local.get $m) (i32.load (local.get $at))))
        (local.set $m (call $keepMax (local.get $m) (i32.load offset=4 (local.get $at))))
        (local.set $m (call $keepMax (local.get $m) (i32.load offset=8 (local.get $at))))
        (i32.store (i32.add (local.get $out) (i32.shl (local.get $i) (i32.const 2))) (local.get $m))
        (local.set $i (i32.add (local.get $i) (i32.const 1)))
        (br $tail))))

  (func $keepMax (param $a i32) (param $b i32) (result i32)
    (select (local.get $a) (local.get $b) (i32.ge_s (local.get $a) (local.get $b))))
)
