#!/usr/bin/env bash
# The committed balance runs behind docs/balance/ (issue 17), and the pages made from them.
# Usage: tools/balance.sh [simulate|report|all]   (default all; run from the repository root,
# with the package installed with the sim extra). Each simulate command resumes its file, so an
# interrupted run is finished by running this again; the records are the same on any machine
# (every field but "seconds"), with --workers K or --ray.
set -euo pipefail
cd "$(dirname "$0")/.."
OUT=docs/balance/results
SEED=2026
RANDOM_GAMES=10000   # per player count
PLAIN_GAMES=2000     # per player count, plain players in every seat
SEARCH_GAMES=30      # per line-up (search bot first, search bot last), smallest player count
SEARCH=ismcts:50     # IS-MCTS, 50 determinized simulations per decision (rollouts cut at 60)
GAMES=(no-good-gremlins gnaughty-gnomes gremlins-inc gremlins-the-game goblins-vs-gnomes)

counts() { python -c "import gremlinrules, sys; print(*gremlinrules.get_game(sys.argv[1]).player_counts)" "$1"; }

simulate() {  # per game: random, plain, then search games (Goblins vs Gnomes, the slowest, last)
    mkdir -p "$OUT"
    # from a clone, the committed gzipped records are the runs to resume (only what is missing plays)
    for f in "$OUT"/*.jsonl.gz; do [ -e "$f" ] && [ ! -e "${f%.gz}" ] && gunzip -k "$f"; done
    for game in "${GAMES[@]}"; do
        read -r -a n <<< "$(counts "$game")"
        gremlinrules simulate "$game" --players all --games $((RANDOM_GAMES * ${#n[@]})) --seed "$SEED" \
            --bots random --out "$OUT/$game-random.jsonl" --quiet
        gremlinrules simulate "$game" --players all --games $((PLAIN_GAMES * ${#n[@]})) --seed "$SEED" \
            --bots plain --out "$OUT/$game-plain.jsonl" --quiet
        others=$(printf ',random%.0s' $(seq 2 "${n[0]}"))
        gremlinrules simulate "$game" --players "${n[0]}" --games "$SEARCH_GAMES" --seed "$SEED" \
            --bots "$SEARCH$others" --out "$OUT/$game-search-first.jsonl" --quiet
        gremlinrules simulate "$game" --players "${n[0]}" --games "$SEARCH_GAMES" --seed "$SEED" \
            --bots "${others#,},$SEARCH" --out "$OUT/$game-search-last.jsonl" --quiet
    done
}

report() {  # each game's page includes docs/balance/reports/GAME.md (figures beside it)
    for game in "${GAMES[@]}"; do
        for f in "$OUT/$game"-*.jsonl; do [ -e "$f" ] && gzip -nkf "$f"; done
        rm -rf "docs/balance/reports/${game}_files"
        gremlinrules report "$OUT/$game"-*.jsonl.gz --out "docs/balance/reports/$game.md" \
            --title "Simulation results" --relative-to docs/balance
    done
}

case "${1:-all}" in
    simulate) simulate ;;
    report) report ;;
    all) simulate; report ;;
    *) echo "usage: $0 [simulate|report|all]"; exit 2 ;;
esac
