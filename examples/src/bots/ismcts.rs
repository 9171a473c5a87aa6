//! Single-observer information-set Monte Carlo tree search (SO-ISMCTS).
//!
//! After Cowling, Powley and Whitehouse, *Information Set Monte Carlo Tree Search* (IEEE
//! TCIAIG 4(2), 2012), algorithm 3. The tree is built over the searching seat's
//! information set: every iteration samples a determinization of the real state (via
//! [`Game::determinize`], so hidden cards are re-dealt, never read) and descends the tree
//! restricted to the actions legal in that determinization. Edges are `(seat, action)`
//! pairs; each edge stores the reward of the seat that took it, so every seat maximises its
//! own reward (a paranoid-free multiplayer search). Child selection is UCB1 with
//! *availability* counts in place of the parent's visit count, as the paper prescribes for
//! actions that are not always legal.
//!
//! When several seats may act (simultaneous or out-of-turn steps), the driver asks them in
//! a random order and each may wait (let the others go first); when all have waited, a seat
//! the game waits for ([`Game::awaited`]) must act. The tree models exactly that at every
//! node, not only at the root: the seat to act is drawn among those not yet asked, and it
//! has a *wait* edge unless it is the one made to act. An optional action (an out-of-turn
//! match, a call) is thus never forced on a seat of the tree.
//!
//! Rollouts play a random policy that, like the table, mostly lets the seats the game
//! waits for act: a seat whose action is optional acts only with a small probability per
//! step ([`IsmctsSettings::optional_rate`]). They stop at the end of the game, scored by
//! the outcome, or after [`IsmctsSettings::horizon`] actions, where every seat's
//! [`Game::evaluate`] of its own view is compared with the others': the margin is mapped
//! to a reward in `(0, 1)` by a logistic curve whose scale is the mean margin seen in this
//! search, so that a small loss (one penalty card) still counts when a seat is far ahead or
//! far behind, where a ranking would not change.
//!
//! The bot acts rather than waits only when the action's mean reward beats waiting's by
//! [`IsmctsSettings::wait_margin`] standard errors: when the search cannot tell them apart,
//! waiting keeps every option open.

use duke_core::{Game, GameRng, Observer, Seat, SeatSet, Stream};

use super::{Bot, Decision, Perspective, bot_rng, pick, pick_seat};

/// Rollout length of the default settings (see [`IsmctsSettings::horizon`]).
pub const DEFAULT_HORIZON: u32 = 10;

/// Search parameters.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct IsmctsSettings {
    /// Iterations (determinize, select, expand, roll out, back up) per decision.
    pub iterations: u32,
    /// The UCB1 exploration constant `c` in `mean + c * sqrt(ln(availability) / visits)`;
    /// rewards are in `[0, 1]`.
    pub exploration: f64,
    /// Actions per rollout before it stops and scores the seats by [`Game::evaluate`] of
    /// their own views; `None` plays every rollout to the end and scores it with the real
    /// outcome (slow and noisy in long games: see the crate's README).
    pub horizon: Option<u32>,
    /// In rollouts, the probability per step that one of the seats whose action is
    /// optional (in [`Game::to_act`] but not in [`Game::awaited`]) acts rather than a seat
    /// the game waits for. Uniformly random players would take an optional action at
    /// almost every step (in Archduke most of a random game is failed match attempts),
    /// which drowns the effect of the searching seat's own choice.
    pub optional_rate: f64,
    /// How many standard errors the chosen action's mean reward must beat waiting's by for
    /// the bot to act when it may wait; below that it waits.
    pub wait_margin: f64,
}

impl Default for IsmctsSettings {
    /// 200 iterations, `c = 0.7` (the paper's choice for rewards in `[0, 1]`), rollouts of
    /// [`DEFAULT_HORIZON`] actions with optional actions at a rate of 0.05 per step, and a
    /// wait margin of half a standard error. The horizon, rate and margin were tuned
    /// against the greedy bot on the four games (see the crate's README).
    fn default() -> Self {
        IsmctsSettings {
            iterations: 200,
            exploration: 0.7,
            horizon: Some(DEFAULT_HORIZON),
            optional_rate: 0.05,
            wait_margin: 0.5,
        }
    }
}

/// What an edge of the tree stands for.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Edge<A> {
    /// The root: nothing taken yet.
    Root,
    /// The seat took this action.
    Act(A),
    /// The seat, asked at a step where others may act too, let them go first.
    Wait,
}

/// One edge of the tree: what `seat` did to reach it.
#[derive(Clone, Debug)]
struct Node<A> {
    seat: Seat,
    edge: Edge<A>,
    children: Vec<u32>,
    visits: u32,
    availability: u32,
    /// Sum of the rewards backed up through this edge, and of their squares (for the
    /// standard error of the mean).
    reward: f64,
    reward_sq: f64,
}

impl<A> Node<A> {
    fn new(seat: Seat, edge: Edge<A>) -> Node<A> {
        Node { seat, edge, children: Vec::new(), visits: 0, availability: 0, reward: 0.0, reward_sq: 0.0 }
    }
}

/// The ISMCTS bot. It keeps no tree between decisions.
#[derive(Clone, Debug)]
pub struct IsmctsBot<A> {
    settings: IsmctsSettings,
    rng: GameRng,
    nodes: Vec<Node<A>>,
    /// The real legal actions of the searching seat.
    root_actions: Vec<A>,
    actions: Vec<A>,
    /// The edges available at the node being expanded.
    available: Vec<Edge<A>>,
    untried: Vec<Edge<A>>,
    path: Vec<u32>,
    /// The reward of every seat in the current iteration.
    rewards: Vec<f64>,
    /// Every seat's heuristic value at the horizon.
    values: Vec<f64>,
    /// Sum and count of the absolute heuristic margins seen in this search: their mean is
    /// the scale that maps a margin to a reward.
    margin_sum: f64,
    margin_count: u64,
}

impl<A> IsmctsBot<A> {
    /// A search bot with the given budget, its sampling drawn from `seed`.
    pub fn new(settings: IsmctsSettings, seed: u64) -> IsmctsBot<A> {
        IsmctsBot {
            settings,
            rng: bot_rng(seed),
            nodes: Vec::new(),
            root_actions: Vec::new(),
            actions: Vec::new(),
            available: Vec::new(),
            untried: Vec::new(),
            path: Vec::new(),
            rewards: Vec::new(),
            values: Vec::new(),
            margin_sum: 0.0,
            margin_count: 0,
        }
    }
}

impl<G: Game> Bot<G> for IsmctsBot<G::Action> {
    fn name(&self) -> String {
        super::BotSpec::Ismcts(self.settings).to_string()
    }

    fn choose(&mut self, me: &Perspective<'_, G>) -> Option<Decision<G::Action>> {
        me.legal_actions(&mut self.root_actions);
        if self.root_actions.len() <= 1 && !me.may_wait() {
            return self.root_actions.first().copied().map(Decision::Act);
        }
        let mut rng = self.rng;
        let choice = rng.with_stream(|stream| {
            self.nodes.clear();
            self.nodes.push(Node::new(me.seat(), Edge::Root));
            self.margin_sum = 0.0;
            self.margin_count = 0;
            for _ in 0..self.settings.iterations {
                let world = me.determinize(stream.next_u64());
                self.iterate(world, me.seat(), me.may_wait(), stream);
            }
            self.best_root_edge(stream)
        });
        self.rng = rng;
        choice
    }

    fn reads_events(&self) -> bool {
        false
    }
}

impl<A: Copy + PartialEq> IsmctsBot<A> {
    /// One iteration on the determinization `world`.
    fn iterate<G: Game<Action = A>>(&mut self, mut world: G, me: Seat, may_wait: bool, stream: &mut Stream) {
        self.path.clear();
        let mut node = 0u32;
        let mut expanded = false;
        // The seats that let the others go first since the last action. As at the table, each
        // seat is asked once; when all have waited, a seat the game waits for must act.
        let mut declined = SeatSet::EMPTY;
        while !expanded && !world.is_over() {
            let to_act = world.to_act();
            let (seat, can_wait) = if node == 0 {
                (me, may_wait)
            } else if let Some(seat) = pick_seat(minus(to_act, declined), stream) {
                (seat, to_act.len() > 1)
            } else if let Some(seat) = pick_seat(must_act(&world), stream) {
                (seat, false)
            } else {
                break;
            };
            world.legal_actions(seat, &mut self.actions);
            self.available.clear();
            self.available.extend(self.actions.iter().map(|&a| Edge::Act(a)));
            if can_wait {
                self.available.push(Edge::Wait);
            }
            let Some((child, edge)) = self.select_or_expand(node, seat, stream, &mut expanded) else { break };
            match edge {
                Edge::Act(action) => {
                    if world.apply(seat, action).is_err() {
                        // The game refused an action it listed: stop descending rather than panic.
                        break;
                    }
                    declined = SeatSet::EMPTY;
                }
                Edge::Wait => declined.insert(seat),
                Edge::Root => break,
            }
            self.path.push(child);
            node = child;
        }
        self.rollout(&mut world, declined, stream);
        for &index in &self.path {
            if let Some(node) = self.nodes.get_mut(index as usize) {
                node.visits += 1;
                let r = self.rewards.get(node.seat.index()).copied().unwrap_or(0.0);
                node.reward += r;
                node.reward_sq += r * r;
            }
        }
        if let Some(root) = self.nodes.first_mut() {
            root.visits += 1;
        }
    }

    /// Among `node`'s children for `seat`, counts availability of those available now
    /// (`self.available`); expands an untried one if there is one, else picks the
    /// available child of highest UCB1.
    fn select_or_expand(
        &mut self,
        node: u32,
        seat: Seat,
        stream: &mut Stream,
        expanded: &mut bool,
    ) -> Option<(u32, Edge<A>)> {
        self.untried.clear();
        self.untried.extend_from_slice(&self.available);
        let mut best: Option<(f64, u32, Edge<A>)> = None;
        let children = self.nodes.get(node as usize)?.children.len();
        for i in 0..children {
            let Some(&child) = self.nodes.get(node as usize).and_then(|n| n.children.get(i)) else { continue };
            let Some(node) = self.nodes.get_mut(child as usize) else { continue };
            if node.seat != seat || !self.available.contains(&node.edge) {
                continue;
            }
            let edge = node.edge;
            self.untried.retain(|e| *e != edge);
            node.availability += 1;
            let visits = f64::from(node.visits.max(1));
            let ucb =
                node.reward / visits + self.settings.exploration * (f64::from(node.availability).ln() / visits).sqrt();
            if best.is_none_or(|(score, _, _)| ucb > score) {
                best = Some((ucb, child, edge));
            }
        }
        if let Some(edge) = pick(&self.untried, stream) {
            let child = u32::try_from(self.nodes.len()).ok()?;
            let mut fresh = Node::new(seat, edge);
            fresh.availability = 1;
            self.nodes.push(fresh);
            self.nodes.get_mut(node as usize)?.children.push(child);
            *expanded = true;
            return Some((child, edge));
        }
        best.map(|(_, child, edge)| (child, edge))
    }

    /// The most visited root edge (ties at random); but waiting, if the seat may wait and
    /// the search cannot tell that edge from waiting (see [`IsmctsSettings::wait_margin`]).
    fn best_root_edge(&self, stream: &mut Stream) -> Option<Decision<A>> {
        let root = self.nodes.first()?;
        let mut most = 0;
        let mut best = Vec::new();
        for node in root.children.iter().filter_map(|&c| self.nodes.get(c as usize)) {
            let decision = match node.edge {
                Edge::Act(a) if self.root_actions.contains(&a) => Decision::Act(a),
                Edge::Wait => Decision::Wait,
                _ => continue,
            };
            if node.visits > most {
                most = node.visits;
                best.clear();
            }
            if node.visits == most {
                best.push(decision);
            }
        }
        let chosen = pick(&best, stream).or_else(|| pick(&self.root_actions, stream).map(Decision::Act));
        let Some(Decision::Act(action)) = chosen else { return chosen };
        let edge_stats = |edge: Edge<A>| {
            let node = root.children.iter().filter_map(|&c| self.nodes.get(c as usize)).find(|n| n.edge == edge)?;
            let visits = f64::from(node.visits.max(1));
            let mean = node.reward / visits;
            Some((mean, (node.reward_sq / visits - mean * mean).max(0.0) / visits))
        };
        match (edge_stats(Edge::Act(action)), edge_stats(Edge::Wait)) {
            (Some((act, act_var)), Some((wait, wait_var)))
                if act - wait <= self.settings.wait_margin * (act_var + wait_var).sqrt() =>
            {
                Some(Decision::Wait)
            }
            _ => chosen,
        }
    }
}

impl<A: Copy + PartialEq> IsmctsBot<A> {
    /// Plays the rollout policy from `world` to the end, or for the horizon, and writes
    /// every seat's reward into `self.rewards`. `declined` are the seats that have just let
    /// the others go first.
    fn rollout<G: Game<Action = A>>(&mut self, world: &mut G, mut declined: SeatSet, stream: &mut Stream) {
        let seats = world.seat_count();
        self.rewards.clear();
        self.rewards.resize(seats, 0.5);
        let limit = match self.settings.horizon {
            Some(h) => u64::from(h),
            None => G::max_actions(&world.config()).saturating_add(1),
        };
        let mut steps = 0u64;
        while !world.is_over() && steps < limit {
            let Some(seat) = rollout_seat(world, declined, self.settings.optional_rate, stream) else { return };
            world.legal_actions(seat, &mut self.actions);
            let Some(action) = pick(&self.actions, stream) else { return };
            if world.apply(seat, action).is_err() {
                // A game that refuses its own action: the rollout counts as a draw.
                return;
            }
            declined = SeatSet::EMPTY;
            steps += 1;
        }
        if world.is_over() {
            if let Some(outcome) = world.outcome() {
                for (s, reward) in self.rewards.iter_mut().enumerate() {
                    *reward = outcome.reward(Seat(s as u8));
                }
            }
            return;
        }
        if self.settings.horizon.is_none() {
            // The game broke its own `max_actions` bound: a draw.
            return;
        }
        self.score_heuristic(world);
    }

    /// Rewards at the horizon, from every seat's [`Game::evaluate`] of its own view: its
    /// margin over the mean of the others, through a logistic curve whose scale is the mean
    /// absolute margin seen so far in this search (the heuristic's units differ by game).
    fn score_heuristic<G: Game<Action = A>>(&mut self, world: &G) {
        let seats = world.seat_count();
        self.values.clear();
        self.values.extend((0..seats).map(|s| {
            let seat = Seat(s as u8);
            let value = G::evaluate(&world.view(Observer::Seat(seat)), seat);
            if value.is_finite() { value } else { 0.0 }
        }));
        let total: f64 = self.values.iter().sum();
        let others = seats.saturating_sub(1).max(1) as f64;
        for (&value, reward) in self.values.iter().zip(self.rewards.iter_mut()) {
            let margin = value - (total - value) / others;
            self.margin_sum += margin.abs();
            self.margin_count += 1;
            let scale = self.margin_sum / self.margin_count as f64;
            *reward = if scale > 0.0 { 1.0 / (1.0 + (-margin / scale).exp()) } else { 0.5 };
        }
    }
}

/// The seats in `a` but not in `b`.
fn minus(a: SeatSet, b: SeatSet) -> SeatSet {
    SeatSet(a.0 & !b.0)
}

/// The seats one of which must act when every seat that may act has waited: those the game
/// waits for ([`Game::awaited`]), as the driver forces them.
fn must_act<G: Game>(world: &G) -> SeatSet {
    let awaited = world.awaited().intersection(world.to_act());
    if awaited.is_empty() { world.to_act() } else { awaited }
}

/// Whether an event of probability `p` happens.
fn chance(p: f64, stream: &mut Stream) -> bool {
    const ONE: u32 = 1 << 24;
    p > 0.0 && f64::from(stream.below(ONE)) < p * f64::from(ONE)
}

/// The seat that acts next in a rollout. Seats whose action is optional (in
/// [`Game::to_act`] but not [`Game::awaited`]: an out-of-turn match, a call) act with
/// probability `optional_rate` per step; otherwise one the game waits for acts. Uniformly
/// random players would instead take an optional action at almost every step (in Archduke
/// most of a random game is failed match attempts), which drowns what the searching seat's
/// own choice changes.
fn rollout_seat<G: Game>(world: &G, declined: SeatSet, optional_rate: f64, stream: &mut Stream) -> Option<Seat> {
    let to_act = world.to_act();
    let awaited = must_act(world);
    let optional = minus(minus(to_act, awaited), declined);
    if !optional.is_empty() && chance(optional_rate, stream) {
        return pick_seat(optional, stream);
    }
    let open = minus(awaited, declined);
    pick_seat(if open.is_empty() { awaited } else { open }, stream)
}
