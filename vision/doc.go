// Package vision reads a Lights Out board from a photo.
//
// # What goes in
//
// An 8-bit BGR gocv.Mat, as Load or Decode return it (any size they
// accept; Load refuses images over a pixel limit before decoding), and an
// optional *Options: the board size when the caller knows it (--size RxC)
// and a folder for debug images.
//
// # What comes out
//
// Read returns a *Reading: the number of rows and columns, each light
// lit or unlit with a confidence in 0..1, the grid's outer corners in
// input pixels (clockwise from top-left) and the homography H from board
// cell units to input pixels. Row 0 is the row nearest the top of the
// photo, column 0 the leftmost, as SPEC.md fixes.
//
// # How
//
//  1. findLattices searches a downscaled copy for a regular lattice of
//     similar blobs (lit and unlit buttons) and returns a few grid
//     hypotheses, best first. Two more sources add hypotheses that blobs
//     alone miss: cosets proposes the partner of a lattice of round
//     buttons and the case showing between them (the two interleave,
//     half a cell apart), and splitBlobs lays a lattice over a large
//     blob whose inside repeats in two directions (cells that touch
//     merge into one blob), with the pitch from the peaks of its
//     autocorrelation. A third, sparse, fits one lattice to many alike
//     blobs far apart (the lit lights alone, in a dim room or on a
//     screen that draws only lit cells), whose pieces it then drops;
//     such a lattice is never sure of its size. When the best lattice is
//     weak and the photo uses only part of the range of levels (a dim
//     room, flat light), the search runs again on a copy whose levels
//     are spread over the whole range, and its lattices compete with the
//     first ones; when the photo spans the range already, or the spread
//     copy's best is weak too, or the first look's best is not weak but
//     scores under clearScore a cell, on a copy whose lightness is
//     equalised tile by tile (CLAHE): a dark panel in a bright room, its
//     unlit lights a few levels from it, or lights alone at twice the
//     pitch of unlit buttons that hardly differ from their panel.
//     Equalising lifts noise and texture too, so a lattice only that
//     copy shows is never sure of its size, one another look found as
//     well keeps that look's score, and none rivals another look's best.
//     If the best is weak still, once more with adaptive thresholds on
//     chroma (the largest of B, G, R less the smallest) as well: pale
//     coloured caps on a pale panel differ from it in colour more than
//     in grey (such tints of a grey or white panel are kept at under
//     half the contrast other blobs need); and if the best is at most 4 cells or rests on few blobs
//     still, once more with regions parted by dark lines a few pixels
//     wide (flat cells edge to edge on a blurred screen, each as dark as
//     its neighbours beyond the line, make no blob otherwise); when that
//     best is at most 4 cells, also with the cells of a grid of straight
//     edges: two families of lines from a Hough transform of the edges,
//     each an evenly stepped run, their outer lines shown along most of
//     their length, every line along a fifth of it, and a step of room
//     beyond the grid (lit cells that touch merge into one blob, but the
//     lines between cells are a lit cell's edge somewhere). A lattice
//     whose blobs have blobs of their own size closer than a cell (a
//     third of them or more) is coarser than the board's, laid over a
//     few lit lights, and loses half its score. Growing and refining a
//     lattice pass over a blob with two blobs of its size closer than
//     half the pitch: it sits in a finer field (tiles, cloth, keys),
//     where a coarse lattice's tolerance always finds a blob.
//  2. refineExtent grows or
//     shrinks the first hypothesis one row or column at a time by how
//     much each line's edge pattern looks like the board's buttons, lit
//     or unlit; rivals whose score could win are refined too, and the
//     one whose score, weighed by how clearly its grid stands out from
//     the lines around it and how alike its cells are (and much less
//     when a side is over 10 lines: no board is, keyboards and LED
//     matrices are; less still when such a grid's blobs are also weak
//     for its cells; and when the grid runs to the photo's edge: a
//     board lies whole in the photo, tiles and keyboards run on), is
//     highest goes first (its size marked unsure when
//     it is not the finder's first). A grid at twice the board's pitch
//     along a row or a column (every other column of buttons dim and
//     missed) is halved, its size unsure, when the cells shifted half a
//     step look like its buttons; a grid at half the board's pitch
//     (labels or texture between the buttons made blobs on it) gives way
//     to a rival over every other of its cells when the cells between
//     look nothing like its buttons. A pick that is a rival plus a line
//     (or two at a corner) gives way to it when that line, seen from the
//     rival, looks nothing like its buttons. A pick whose corners are
//     the cell centres of another hypothesis, one line more each way,
//     gives way to it: the pick is most likely the gaps between that
//     one's buttons (dualRival).
//     A grid that hardly stands out gives way to a block within it, up
//     to two lines in from each side, that stands out clearly more,
//     every line left out holding nothing like its cells: a grid over a
//     board and its case takes its template mostly from the case.
//     A grid whose pattern goes on beyond a side out of step (a
//     keyboard's staggered rows) does not stand out, and its size is
//     unsure: a board's case closes around its grid. A grid laid over
//     staggered rows, its cells straddling two keys each, shows them
//     out of step with each other (outOfStep) and counts a fifth in the
//     pick. The window of lines
//     around the grid is built again whenever the grid grows (its lattice
//     fitted again to where the grid's cells look most like their
//     template, so that one fitted to a few buttons does not drift off
//     the further ones) and whenever it reaches the window's edge, so a
//     grid found several lines short grows back (a line joins when its
//     cells show as many edges as the grid's flattest tenth: an app's
//     flat unlit cells show faint lines only); a bright edge line
//     with nothing of the buttons' pattern, or one the photo hides with
//     no button inside it, leaves the grid, and one mostly beyond the
//     photo leaves it first (a board lies whole in the photo; the grid
//     then counts as one that runs to its edge, unless it has room
//     beyond every side after); an edge line of at most four
//     cells leaves it only when, two of its cells set aside (a pointer or
//     a glare spot over the board covers that much), it still looks
//     unlike them. A grid that stands out as a
//     block (cells alike, lit and unlit each among themselves, every edge
//     line like them, every line just outside unlike them, at least
//     three lines each way) is not doubted for the finder's weak score,
//     a sparse edge, blobs beyond it or a foreign edge; a rival grid on
//     the same board still puts its size in doubt. So does a line just
//     outside the grid of which three cells or more, and a third of
//     those the photo shows, look like the grid's cells at half their
//     likeness or more: the board may go on under something that hides
//     the rest of that line (a title over its first row).
//     A grid the finder vouched for keeps its extent when the moves end
//     in mixed evidence, unless every move took in a line that looks
//     like its buttons at 0.9 of their likeness or more and nothing
//     beyond half looks so too: buttons in a shadow make no blobs.
//     A size the caller gives takes the first of these refined
//     hypotheses of that size; only with none does the finder fit a
//     window of that size to the blobs, unrefined.
//  3. The chosen hypothesis is rectified (warped from the full-resolution
//     photo to a fixed size per cell, with one ring of would-be cells
//     around it) and every cell is measured: the median brightness
//     (log V), mean saturation and mean chroma of its centre, how
//     uneven the centre is, the brightness of a ring around the centre
//     and of its rim (the gaps between cells), and the brightest tenth
//     of the button's footprint with its colour (lit rings around dark
//     caps), and the absolute chroma (channel differences) of the
//     centre and of the rest of the footprint over unclipped pixels,
//     and the brightness of each annulus around the centre (its halo:
//     how far the brightest stands above both the centre and the
//     cell's edge, as a lit ring does).
//  4. The cells are split in two by Otsu's threshold on a lit score
//     (brightness plus saturation, or brightness alone, whichever
//     separates the board better; a clear split on brightness alone
//     whose brighter group is clipped wins over one on both that made
//     the darker group lit: lights clipped to white beside tinted caps
//     in daylight); the upper group is lit. A third split, on the
//     brightness of the innermost annuli alone (a small LED in a cap),
//     is kept only when it separates at least twice as clearly as the
//     others: caps of several colours, lit at their very centre, are
//     read by their spots, every cell in doubt and left so by the cell
//     model. So is a fourth, on how far those annuli stand above or
//     below the cap's own centre, when the lower group's lie 0.3 (log V)
//     below their caps on average and the upper group's at or above
//     theirs: lit spots beside unlit caps' dark dots, under a shadow
//     that dims whole caps (a highlight above every dome is no dot).
//     Everything
//     is relative to the board itself, so a dim room and daylight read
//     alike.
//     When the unlit group is clearly less even than the lit one, with
//     rings at least as bright and peaks nearly as bright, it is lit
//     rings around dark caps beside bright unlit caps: the reading is
//     turned round, every cell in doubt.
//     When the two groups lie on either side of a straight line and
//     differ in brightness only (same fall from centre to rim, same
//     colour purity once the dark pixels' damped saturation is undone),
//     or both groups' centres are clipped (the shadow shows only in the
//     rims), the split is a shadow's edge: the board is one group,
//     decided on its part out of the shadow, every cell in doubt.
//     When the rims show a shadow's straight edge across the board, the
//     board's own rims (its gaps) a clear step apart on the two sides and
//     the ring of would-be cells around it (the case) stepping the same
//     way (lights' glow over their gaps stays on the board), each taken
//     about its own level (a case is seldom the tone of the gaps), the
//     cells on the dark side are lifted by as much as their rims lie below
//     their part's rims on the other side, by the board's step at most (no
//     higher than the brightest of the board and its ring: a light's own
//     light is not shaded) and the board is read again; a reading that
//     differs is kept, every cell in doubt.
//     Unlit buttons out of a shadow no longer look lit beside those in
//     it. Not on a board of a few cells, nor when the split above
//     already took the whole board for one group in two lights.
//  5. When the cells form one group (all off or all on), the brightness
//     level decides (clipped centres are lit; bright, grey, even ones
//     are white caps in good light), and every cell is flagged
//     uncertain, unless the board is plain: even (no cell brighter or
//     more coloured than the rest, centre or peak) and either grey and
//     no brighter than the ring of would-be cells around the grid, gaps
//     included (no light outshines its case or spills onto its gaps),
//     nor, above V 86, raised ×1.2 over both the ring and its own gaps
//     (white lights on a light screen look so, as pale caps do),
//     or dim and darker than it (clearly darker when coloured: a light
//     screen's coloured lights are no brighter than the screen; and
//     neither sunk ×1.2 below their own gaps nor, saturated 0.45 or
//     more, below them at all, in a hue the ring lacks: a light
//     screen's accent colour),
//     is all off, unless the footprints around the centres hold
//     clearly more colour than the centres
//     (lit rings around dark caps); every centre clipped and coloured
//     alike is all on, unless much of the photo beyond the board is
//     clipped in colour too (an exposure that clips a coloured desk
//     clips pale caps alike). The cells of a plain board are alike in
//     shape and hue too: as even, falling alike from centre to ring, of one
//     chroma (lit rings beside even caps, a grid half off its buttons,
//     red lights as dim as teal cells are not plain), and no one
//     measure parts them into two tight kinds of two cells or more
//     with a wide gap between (white lights a little whiter than cream
//     caps in daylight: light falls off smoothly across a board, it
//     does not jump). A plain board is
//     read without doubt. Dim and even alone is not plain: grey lights
//     on a dark screen are dim and even too. A board of nine cells or
//     more that is not plain, and that a measure of colour (saturation,
//     at the centre or the peak, or chroma) parts into two such tight
//     kinds, is read as two groups, every cell in doubt: white lights
//     beside lilac caps in daylight, cyan lights beside cream caps, both
//     clipped (a shadow parts cells by brightness, not by colour). The
//     kind clipped where the other is not is lit; else the kind clearly
//     brighter; else the kind more coloured at its peak. A board whose
//     centres are nearly all clipped, split into no two groups, is
//     parted on the saturation at its footprints' peaks when two clear
//     groups lie ×1.35 and 0.07 apart there, the more saturated of one
//     hue: that one is lit, every cell in doubt (yellow lights beside
//     cream caps in daylight, all clipped at the centre). A board read
//     all off whose cells are coloured (saturation 0.5) and above V 96,
//     and stand ×1.65 above both their rims and the ring around the
//     grid, shines as lights do (coloured lights on a dark screen): it
//     is read all on, in doubt. So is one whose cells (saturation 0.3,
//     above V 106) are of a hue apart from the ring's and not sunk ×1.2
//     below their gaps: lights emit their own colour, unlit caps
//     reflect the room's. So is one whose cells outshine the ring
//     ×12 (lights in a dim room; no cap the room lights does so), and
//     one, read so on the centres or through a shadow, whose every cell
//     shows a ring (median halo 0.24) peaking above V 90 and above the
//     ring around the grid, around a cap no more coloured than the
//     ring: ring LEDs lit around dark caps. A board read all on by its
//     level whose cells, unclipped, are as bright as the ring around the
//     grid (within ×1.1), as saturated (within 0.075) and of its hue is
//     read all off, in doubt: a light outshines or colours the surface
//     it sits on (faint empty cells on a tablet's screen).
//  6. When the halos split the cells in two clear groups that the
//     centres read otherwise, and the ringed group is brighter than the
//     other in an annulus where its rings stand out (a bright bezel
//     around a dark unlit cap is not: a lit button's bezel is as
//     bright), the rings decide, every cell in doubt: lit rings around
//     caps as dark as the unlit ones or darker, or a shadow across the
//     board. Not when the other cells' centres are clearly more
//     coloured (lights glowing at their centres, the rings dark caps in
//     bright bezels or their glow on neighbours), nor for a lone ringed
//     cell (a cursor's outline). A cell read lit whose centre looks like
//     the ringed cells' and that shows a fainter ring stays lit.
//
// # Confidence
//
// A cell's confidence is the log-likelihood ratio of its group over the
// other (each group Gaussian with its robust spread), capped by its
// margin from the midpoint between the groups. It is lowered, or the
// whole board put in doubt, when a check fails:
//
//   - the cell's centre is much less even than the board's cells, or
//     differs from its ring or rim as the other group's cells do (a
//     cursor, glare, a shadow edge);
//   - brightness alone, saturation alone or the footprint's peak groups
//     the cell differently (a shadow across the board, white and
//     coloured lights, a lit ring), unless the cell's brightness clearly
//     vouches for it (not clipped, colour between the groups'), its
//     colour does (an unlit cap washed out by glare keeps the caps'
//     colour, not the one colour of the lights), or its peak lies no
//     higher than its gaps (the case at the footprint's edge);
//   - the peaks read most cells the other way: their reading is kept,
//     every cell in doubt (ring lights around caps darker than unlit ones);
//     when they do so by colour alone, their groups as bright as each
//     other at the peak, the reading stays, every cell in doubt (green
//     rings blurred into grey caps);
//   - one or two lit cells are clearly greyer at their peak than the
//     unlit caps (glare whitens a tinted cap; a light glows in a colour),
//     and on a larger lit group, than the other lit cells too (a
//     cursor or glare over a coloured board);
//   - a lit cell has the unlit caps' absolute chroma while every other
//     lit cell has one colour of its own, clearly apart (an unlit ring
//     out of a shadow beside yellow lights), and is read unlit;
//   - one or two odd cells differ by less than a lit light usually does,
//     an unlit cell is as bright as lit ones, or a lit one is below a
//     clipped lit group (glare, a cursor, bloom), or grey and below a
//     clipped lit group on a board of grey caps (only brightness tells
//     a white cap out of a shadow from a white light); a lit-read cell
//     well below the clipped group whose rim is brighter than the lit
//     cells' rims is glare over an unlit button and is read unlit, and
//     so is the grey one among grey caps whose rim is no brighter (a
//     cap in good light, as the labelled sets show); such a lone
//     lit-read cell whose brightest tenth lies well above its centre,
//     no more saturated than the unlit caps and with no lit ring, is a
//     glare spot over an unlit cap and is read unlit;
//   - an unlit-read cell has another hue than the unlit caps and is a
//     little brighter, not tinted towards its lit neighbours (a dim
//     blue light among caps in a warm cast, not bloom); more than a few
//     such cells only when they are a minority of one hue (a row of
//     dim blue lights, not caps tinted cell by cell);
//   - a lit-read cell has the unlit group's colour and is dimmer than
//     every coloured lit cell (an unlit button out of a shadow that
//     darkens the rest): read unlit when the other lights share one
//     colour;
//   - the lit group is not clearly brighter, or its rings are darker
//     than the unlit group's, or it is greyer and no brighter than the
//     gaps around it, or the unlit buttons' peaks are as bright as the
//     lit ones', or nearly as bright and more coloured around uneven
//     centres or centres far below them (an inverted reading: a
//     light-theme screen, lit rings
//     around dark caps beside bright unlit caps; a light screen whose
//     coloured group stands out more from its gaps, or is far more
//     saturated, is turned round, and the cell model leaves it so);
//   - the cells read lit look like the screen around the board (no
//     brighter, as grey) and the unlit ones are coloured, or of another
//     hue and brighter or more saturated (a light theme in a warm cast):
//     a light theme's empty cells beside its lights; the reading is
//     turned round, every cell in doubt;
//   - the cells read lit have the unlit cells' absolute chroma, and it
//     is a colour: white light added to tinted caps (glare), not lights;
//     when they are at most a fifth of the board, they are glare spots
//     on an all-on or all-off board, which the other cells decide;
//   - once the cell model has spoken, one to three cells read lit (at
//     most a quarter of the board) whose centre keeps the unlit caps'
//     absolute chroma (within 0.01 on grey caps), brighter but no more
//     saturated, are glare spots on unlit caps: they are read unlit, in
//     doubt, and with none left lit the board is one group;
//   - then a cell read lit a quarter of the way or more towards the unlit
//     cells, its rim brighter than the lights' rims (×1.1), is an unlit
//     cap lifted by glare, which spreads over its gaps: in doubt, its
//     reading kept;
//   - every cell read unlit is as bright as the dimmest lit tenth, white
//     (saturation under 0.1) and stands out from its rim (×1.57) beside
//     coloured lit cells: white lights on a dark screen beside coloured
//     ones; every cell is read lit, in doubt;
//   - one or two lit-read cells show, around their centre, a chroma
//     part of the way between the lit and the unlit cells' (a cursor
//     or glare over part of an unlit cap, the rest of the cap beside it);
//   - the unlit group is coloured, stands far above its gaps (×3.7)
//     and lies within ×1.35 of the lit group's brightness: lights of a
//     dimmer colour in a dark room (a row of blue lights beside yellow
//     ones) glow so, caps lit by the room do not;
//   - a lit-read cell's rim rose above the unlit cells' rims by half
//     or more of what its centre rose (in linear brightness), and it
//     keeps the caps' absolute chroma: light fallen on the board (a
//     glare spot, the bright side of a shadow) lifts a button and the
//     case around it alike, a light lifts its button far above its gaps;
//     the cell is read unlit;
//   - the lit group is less than ×1.35 brighter than the unlit group
//     at its centre, and its rims (the gaps and the buttons' edges) are
//     darker than the unlit group's: a light spills onto the gaps around
//     it, light caps in daylight beside dim lights (blue lights in a
//     warm cast) do not;
//   - the cells read unlit show rings the lit ones lack, at least as
//     bright around them, their peaks nearly as bright and their
//     centres more coloured (lit ring LEDs around small dark caps
//     beside small grey caps a little brighter in the room's light),
//     or their peaks within 0.4 and their centres clearly less even
//     (grey rings beside pale caps in strong light);
//   - a straight line parts the lit cells from the unlit ones, or all
//     but one cell in twelve of a board of 16 or more (a shadow's edge
//     or a patch of light, the lights in the shadow still lit);
//   - the cells read lit and unlit are grey, the lit ones as bright as
//     the gaps and the unlit ones darker (an LCD's empty cells beside
//     the segments it turns dark, which are its lights; one cell is a
//     group here, an LCD with one segment dark); every cell is
//     doubted after the second opinion, which then cannot clear it, and
//     when the cells read lit are even, grey at their peaks and well
//     below the clip (a reflective panel, not white keys or lights) the
//     reading is turned round;
//   - the cells read lit stand no more than 0.15 (log V) above their
//     rims, flat with no hot spot, while the cells read unlit lie 0.45
//     or more below theirs: dark marks on a pale panel, which may be an
//     LCD's lit segments of any tint (inkMarks);
//   - the cells read lit are clearly brighter than the unlit ones but
//     clearly greyer and below the gaps around them (grey caps beside
//     coloured lights that do not glow);
//   - the two groups differ in hue alone, both coloured, alike in
//     brightness and saturation (red and blue pegs): which is lit is a
//     convention the photo does not show;
//   - the centres of the cells read unlit stand above the ring around
//     them (medians, 0.03 in log V or more), as a light's glow falls off
//     from its centre, and those of the cells read lit, less than
//     ×1.65 brighter, do not (dim grey-blue lights beside tan caps in a
//     warm daylight);
//   - the cells read lit are white and flat as paper, beside coloured
//     cells read unlit less than ×2.1 darker (a drawing's blank
//     squares beside its filled ones): which is lit is a convention;
//   - the cells read lit are grey, flat paper, beside grey cells read
//     unlit that are the same paper with dark marks on it: their
//     brightest tenth as bright as the lit centres, their centres far
//     less even (crosses drawn on the squares that are lit); an unlit
//     button is darker all over;
//   - the board is one group, is small, or its groups are close.
//
// A doubted cell's reading may change, its doubt kept: when the
// sure cells' absolute chroma (channel differences, which added white
// light such as glare leaves unchanged) sets lit and unlit apart in two
// tight groups, at the centre or in the rest of the footprint (lights
// clipped at their centre keep their colour around it), a doubted cell
// whose unclipped parts all lie near one group's chroma is read as that
// group (glare over a dark cap among green lights; a cursor hides one
// part, not both). A doubted cell whose reading that chroma confirms,
// its centre and rest both showing and each as close to its group's
// chroma as the sure cells are, loses its doubt.
//
// Then a second opinion: boosted trees (package trees), trained on
// rendered boards, read each doubted cell from its measures put in terms
// of its board (less the board's median, over its spread, less the ring
// of would-be cells and less its eight neighbours); where they are 98%
// sure of the other reading, the cell takes it, still in doubt. Cells
// the rules are sure of are left as they are. A board read as one group
// (all on or all off) whose cells the trees mostly turn, leaning to turn
// each of the rest too, turns whole: one state read the wrong way round.
// One cell alone that the trees would turn on a one-group board of nine
// or more is left as the rules read it: glare or a cursor over one cell
// fools the trees more often than a lone light fools the rules. The trees learnt through
// the labels' exact corners; a grid the finder placed a little off
// gives them measures they were not trained on.
//
// Last, on a two-group board of at least nine cells whose groups look
// alike pixel by pixel (a screen; the median look of a group's
// cells at each place of the footprint is its template), a doubted cell
// that something white covers is read as the group it shows around the
// cover, still in doubt: a clear part of it matches only the other
// group's template (far more than that group's own cells do), the rest
// is near white or black (a cursor's fill and outline, clipped glare)
// with white over a clear part, and what matches its own group is
// mostly that white (a cursor over an unlit cell beside white lights).
// A cell unlike every other cell is so re-read only when its cover lies
// off its centre: a lone white light fills its cell evenly about the
// centre, a cursor's body lies beside the point it points at. So is a
// cell of a group of many colours whose part showing the other group
// lies well to one side of its centre (a hand hiding nearly all of the
// cell but a corner), and then 4% of it showing is enough. A cell no
// check doubted is put in doubt, its reading kept, when a clear part of
// it matches only the other group's template and a quarter or more does
// not (a cursor in a photo, grey or tinted, over part of the cell).
// When one group's cells differ among themselves (lights of many
// colours, caps tinted cell by cell), that group has no template: its
// cells are compared with the other group's template alone, re-read and
// doubted as above.
// A doubted cell under a drawn cursor (white with a black outline, on
// a screen) is also read by what shows around the cursor against one
// group's template alone, so boards of many light colours, or all of
// one group but for the covered cell, are read too; never more than two
// cells a board, nor a cell another cell read alike looks just like
// (white lights with a bevel are the board's own look), and never by
// pixels where the groups look alike (a bevel, a gap). Three cells
// alike are template enough, so 2×2 boards are read so too. What shows
// may be a sliver under a drawn cursor (2.5% of the cell: a screenshot's
// pixels are the screen's own), a tenth elsewhere. A cursor in
// a photo of a screen is pale and tinted, with no outline: where both
// groups look alike pixel by pixel within a tight tolerance, a cover of
// any colour will do, when 90% of what shows around it matches one
// template.
//
// In a dim room only the lit buttons show, and an edge line of the
// board with one light on looks like the case around it: when the only
// lit-looking buttons just outside the grid (in a lit button's colour)
// lie along one side, the grid is grown by that line and read again,
// kept when it reads them lit, at least half the line unlit and the
// rest of the board as before; its size stays unsure.
//
// Doubt about the size is kept apart from the lights: when the grid
// finder was not sure of the size, or the classifier sees a lit-looking
// button just outside the grid, an edge line unlike the board, or no
// cell differing from its rim, or the grid reads all off while another
// grid apart from it, scored at least 0.4 of it, shows lights (a keypad
// or tiles ranked above the board), Reading.SizeSure is false and the cells
// keep their confidence. Uncertain then lists the cells of the outer
// rows and columns (those whose existence is in doubt) beside the cells
// below UncertainBelow, and MinConfidence is at most 0.45.
//
// Cells below UncertainBelow are listed by Reading.Uncertain, and so,
// when the lights as read have no solution, are the cells of the parity
// checks they fail (Reading.Unreachable): a game reaches only positions
// that have one, so a light among them is misread or the board was set
// up by hand (rt280 photo 10, a 4×9 of coloured caps all off, read as 18
// lit by their colours and sure, was a silent failure). The rule
// the reader is built and tested for: a board read wrong comes back with
// at least one uncertain cell, or with an error, never wrong and sure.
//
// # Errors
//
// Errors wrap the sentinels ErrNoBoard (no grid found), ErrNotImage and
// ErrTooLarge (from Load and Decode); test them with errors.Is.
//
// # Debug images
//
// With Options.Debug set, Read writes numbered PNGs there: the candidate
// blobs (and those of the looks at spread and equalised levels, over
// their copies, when they run), the lattice fits, and the rectified board with the cell grid and
// each cell's verdict (green outline lit, red unlit, the confidence in
// per cent, a yellow cross over uncertain cells).
package vision
