"""The parts of the world 28.6 names ("in European France", "the SP square in South
America", "7 in the Americas; 1 in West Indies; 1 in Philippines", "two in Brazil",
"Java in the East Indies"). The map has continents but no regions: each name is tied
to squares here, from the real geography of 1756, and documented in
docs/seven-years-world-war-data.md ("Set-up regions")."""

from __future__ import annotations

from dataclasses import dataclass

from .map import Square


@dataclass(frozen=True)
class Region:
    continents: tuple[str, ...] = ()  # map.toml `continent` values
    power: str = ""  # and of this power (a name rule)
    squares: tuple[str, ...] = ()  # an explicit list
    source: str = ""

    def holds(self, q: Square) -> bool:
        if self.squares:
            return q.id in self.squares
        return q.continent in self.continents and self.power in ("", q.power)


REGIONS: dict[str, Region] = {
    "Europe": Region(
        continents=("Europe",),
        source="7YWW 28.6 'European France', 'one in Europe': map.toml continent Europe",
    ),
    "South America": Region(
        continents=("South America",),
        source="7YWW 28.6 'in South America': map.toml continent South America",
    ),
    "Americas": Region(
        continents=("North America", "South America"),
        source="7YWW 28.6 SPAIN '7 in the Americas': continents North and South America",
    ),
    "Brazil": Region(
        continents=("South America",),
        power="Portugal",
        source="7YWW 28.6 PORTUGAL 'two in Brazil': Portugal's squares in South America "
        "(colonial Brazil, Para to Rio Grande)",
    ),
    "West Indies": Region(
        squares=("G7", "H6", "H7", "H8", "I8"),
        source="7YWW 28.6 SPAIN 'the SP West Indies square': the Caribbean islands: "
        "Bahamas, West Indies (Cuba), Saint-Domingue, Leeward Islands, Martinique; "
        "not Bermuda (Atlantic) nor the mainland (Florida, Veracruz)",
    ),
    "Philippines": Region(
        squares=("H26", "I26", "J26"),
        source="7YWW 28.6 SPAIN '1 in Philippines': Luzon (Philippines), Visayas, Mindanao",
    ),
    "East Indies": Region(
        squares=("J25", "J27", "K24", "K25", "K26", "K27", "K28", "L26", "L29"),
        source="7YWW 28.6 UNITED PROVINCES 'Java in the East Indies': the Malay "
        "archipelago but the Philippines: Borneo, Ternate, Sumatra (Bencoolen), Java, "
        "Celebes, Amboina, New Guinea, Timor, Papua; not the Malay peninsula (Malacca)",
    ),
}


def in_region(q: Square, region: str) -> bool:
    try:
        return REGIONS[region].holds(q)
    except KeyError:
        raise KeyError(f"no region {region!r} (regions.py: {', '.join(REGIONS)})") from None
