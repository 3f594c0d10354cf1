//! The counts of what a round exercised, and their one-line summary.

#[derive(Default)]
pub(crate) struct Stats {
    pub(crate) games: usize,
    /// Moves played, passes included.
    pub(crate) moves: usize,
    pub(crate) passes: usize,
    pub(crate) captures: usize,
    pub(crate) multi_stone_suicides: usize,
    /// (position, colour, point) triples where a multi-stone suicide is
    /// illegal only because the rules forbid suicide.
    pub(crate) forbidden_suicide_vertices: usize,
    pub(crate) positions: usize,
    /// (position, colour) pairs whose `all_legal` was compared.
    pub(crate) legal_sets: usize,
    /// (position, colour, point) triples that the reference forbids only
    /// because of superko (single-stone suicide not counted), or under the
    /// basic ko rule because they retake a ko.
    pub(crate) superko_vertices: usize,
    /// Of those, the ones going back further than the previous arrangement
    /// (a simple ko recapture goes back exactly that far).
    pub(crate) long_cycle_superko_vertices: usize,
    pub(crate) illegal_plays: usize,
    pub(crate) superko_plays: usize,
    pub(crate) repeating_suicide_plays: usize,
    /// Games ended by a long cycle (basic ko rule).
    pub(crate) long_cycles: usize,
    /// Illegal plays sent to ingo only, because GNU Go would accept them.
    pub(crate) ingo_only_plays: usize,
    /// (position, colour, point) triples where GNU Go differs from the
    /// reference, by cause: a repeating multi-stone suicide accepted; a
    /// repetition of an arrangement folded out of its history, or stored
    /// before its latest fold (hash offset), accepted; a legal move refused.
    pub(crate) gnugo_defect1: usize,
    pub(crate) gnugo_defect2_folded: usize,
    pub(crate) gnugo_defect2_offset: usize,
    pub(crate) gnugo_phantom: usize,
    pub(crate) longest_game: usize,
    /// Under Ing's rules: single-stone suicides played (as passes);
    /// (position, colour, point) triples refused for taking a hot stone
    /// and for repeating a play since the stop; such plays tried.
    pub(crate) suicides_as_pass: usize,
    pub(crate) hot_stone_vertices: usize,
    pub(crate) cycle_vertices: usize,
    pub(crate) hot_stone_plays: usize,
    pub(crate) cycle_plays: usize,
}

impl Stats {
    pub(crate) fn add(&mut self, o: &Stats) {
        self.games += o.games;
        self.moves += o.moves;
        self.passes += o.passes;
        self.captures += o.captures;
        self.multi_stone_suicides += o.multi_stone_suicides;
        self.forbidden_suicide_vertices += o.forbidden_suicide_vertices;
        self.positions += o.positions;
        self.legal_sets += o.legal_sets;
        self.superko_vertices += o.superko_vertices;
        self.long_cycle_superko_vertices += o.long_cycle_superko_vertices;
        self.illegal_plays += o.illegal_plays;
        self.superko_plays += o.superko_plays;
        self.repeating_suicide_plays += o.repeating_suicide_plays;
        self.long_cycles += o.long_cycles;
        self.ingo_only_plays += o.ingo_only_plays;
        self.gnugo_defect1 += o.gnugo_defect1;
        self.gnugo_defect2_folded += o.gnugo_defect2_folded;
        self.gnugo_defect2_offset += o.gnugo_defect2_offset;
        self.gnugo_phantom += o.gnugo_phantom;
        self.longest_game = self.longest_game.max(o.longest_game);
        self.suicides_as_pass += o.suicides_as_pass;
        self.hot_stone_vertices += o.hot_stone_vertices;
        self.cycle_vertices += o.cycle_vertices;
        self.hot_stone_plays += o.hot_stone_plays;
        self.cycle_plays += o.cycle_plays;
    }

    pub(crate) fn summary(&self) -> String {
        format!(
            "{} games, {} moves ({} passes, {} captures, \
             {} multi-stone suicides), longest game {} moves, {} games ended by a long \
             cycle; {} positions checked ({} legal sets compared); {} superko-illegal \
             vertices ({} long-cycle); \
             {} forbidden multi-stone suicide vertices; \
             {} illegal plays tried ({} superko, of which {} repeating multi-stone \
             suicides; {} sent to ingo only); GNU Go defects seen: \
             1 (repeating multi-stone suicide accepted) {}, \
             2 (repetition across its 500-move history fold accepted) {} \
             ({} folded away, {} hash offset), 3 (legal move refused because of the \
             hash offset) {}; Ing's rules: {} suicides played as passes, {} hot-stone \
             and {} cycle vertices, {} hot-stone and {} cycle plays tried",
            self.games,
            self.moves,
            self.passes,
            self.captures,
            self.multi_stone_suicides,
            self.longest_game,
            self.long_cycles,
            self.positions,
            self.legal_sets,
            self.superko_vertices,
            self.long_cycle_superko_vertices,
            self.forbidden_suicide_vertices,
            self.illegal_plays,
            self.superko_plays,
            self.repeating_suicide_plays,
            self.ingo_only_plays,
            self.gnugo_defect1,
            self.gnugo_defect2_folded + self.gnugo_defect2_offset,
            self.gnugo_defect2_folded,
            self.gnugo_defect2_offset,
            self.gnugo_phantom,
            self.suicides_as_pass,
            self.hot_stone_vertices,
            self.cycle_vertices,
            self.hot_stone_plays,
            self.cycle_plays,
        )
    }
}
