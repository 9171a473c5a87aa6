//! `TILE_REFERENCE.md` is the tile reference generated from the engine's own tile table: this test
//! regenerates it and compares, so the file and the table never drift apart.

use theduke_rules::{Config, Expanded, Standard, tile_reference};

/// The base box with the enhanced tiles (Expanded play's `enhanced_tiles`).
fn enhanced() -> Expanded {
    Expanded::new(&{
        let mut config = Config::default();
        config.enhanced_tiles = true;
        config
    })
    .unwrap()
}

#[test]
fn tiles_md_is_generated_from_the_tile_table() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/TILE_REFERENCE.md");
    let generated = enhanced().tile_reference();
    // The standard tiles' part is the compile-time table's own reference.
    let standard = tile_reference::<Standard>();
    let first_tile = |text: &str| text.split("\n## Duke (Du)").nth(1).map(str::to_owned).unwrap_or_default();
    assert!(first_tile(&generated).starts_with(&first_tile(&standard)));
    if std::env::var_os("UPDATE_GOLDEN").is_some() {
        std::fs::write(path, &generated).unwrap();
    }
    let on_disk = std::fs::read_to_string(path).unwrap_or_default();
    assert!(
        on_disk == generated,
        "theduke-rules/TILE_REFERENCE.md differs from the base box's reference with the enhanced tiles; if the tile table changed on \
         purpose, rewrite it with `UPDATE_GOLDEN=1 cargo test -p theduke-rules --test tile_reference` and \
         review the diff"
    );
}

#[test]
fn the_reference_draws_every_icon_of_both_sides() {
    let set = enhanced();
    let text = set.tile_reference();
    assert!(text.contains("Enhanced ability I (Summon") && text.contains("Enhanced ability II (Divination"));
    for def in set.tiles() {
        let section = text.split(&format!("## {} ({})", def.name, def.abbrev)).nth(1).unwrap();
        let section = section.split("\n## ").next().unwrap();
        let grids = section.split("```").nth(1).unwrap();
        // Each icon is one letter in its side's grid (below the titles and column headers).
        let rows = grids.lines().skip(3);
        let drawn = rows.flat_map(str::chars).filter(|c| "MJSTXCDF".contains(*c)).count();
        assert_eq!(drawn, def.start.len() + def.back.len(), "{}", def.name);
    }
}
