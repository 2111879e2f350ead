#!/bin/bash
# Needs Debian's ffmpeg (not a dependency of the project). The raw file comes from meadow-bench with
# MEADOW_VIDEO_DUMP=FOLDER (tests/bench/video_light_bench.cpp); docs/perf/video-light.md has the figures.
# compare-video-codecs.sh FILE W H FRAMES: bytes a frame, luma PSNR mean/worst (raw against raw) and ffmpeg's wall
# time a frame for several codecs in real-time modes at a few quality levels, one thread.
f=$1; w=$2; h=$3; n=$4; he=$((h / 2 * 2))
nice -n 10 ffmpeg -hide_banner -loglevel error -y -f rawvideo -pix_fmt yuv420p -s ${w}x${h} -i $f -vf crop=${w}:${he}:0:0 -f rawvideo -pix_fmt yuv420p ref.yuv
run() {
  name=$1; ext=$2; shift 2
  start=$(date +%s.%N)
  nice -n 10 ffmpeg -hide_banner -loglevel error -y -f rawvideo -pix_fmt yuv420p -s ${w}x${he} -r 30 -i ref.yuv -threads 1 "$@" out.$ext 2>/dev/null || { echo "$name failed"; return; }
  end=$(date +%s.%N)
  bytes=$(stat -c %s out.$ext)
  nice -n 10 ffmpeg -hide_banner -loglevel error -y -i out.$ext -f rawvideo -pix_fmt yuv420p dec.yuv
  nice -n 10 ffmpeg -hide_banner -loglevel error -f rawvideo -pix_fmt yuv420p -s ${w}x${he} -i dec.yuv -f rawvideo -pix_fmt yuv420p -s ${w}x${he} -i ref.yuv -lavfi "[0:v][1:v]psnr=stats_file=p.txt" -f null -
  stats=$(awk '{for(i=1;i<=NF;i++) if($i ~ /^psnr_y:/){split($i,a,":"); v=a[2]; if(v=="inf") v=99; s+=v; c++; if(m==""||v<m) m=v}} END {printf "%.1f / %.1f", s/c, m}' p.txt)
  printf "| %s | %.0f | %s | %.2f |\n" "$name" "$(echo "$bytes / $n" | bc -l)" "$stats" "$(echo "($end - $start) * 1000 / $n" | bc -l)"
}
for q in 12 16 20; do run "VP9 rt speed 6, crf $q" webm -c:v libvpx-vp9 -deadline realtime -cpu-used 6 -crf $q -b:v 0 -error-resilient 1 -g 300; done
for q in 4 8 12; do run "VP8 rt speed 8, crf $q" webm -c:v libvpx -deadline realtime -cpu-used 8 -crf $q -b:v 20M -g 300; done
for q in 10 14 18; do run "H.264 x264 veryfast zerolatency, crf $q" mkv -c:v libx264 -preset veryfast -tune zerolatency -crf $q -g 300; done
for q in 20 25 30; do run "AV1 SVT preset 10, crf $q" mkv -c:v libsvtav1 -preset 10 -crf $q -g 300; done
for q in 20 30; do run "AV1 libaom realtime cpu 8, crf $q" mkv -c:v libaom-av1 -usage realtime -cpu-used 8 -crf $q -g 300; done
