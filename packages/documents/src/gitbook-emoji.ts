import type { Node, PhrasingContent } from 'mdast';
import type { Options as StringifyOptions } from 'remark-stringify';

/**
 * GitBook's inline emoji in markdown: its shortcode, `:tada:` (GitBook's Git Sync writes
 * and reads the shortcodes; its documentation's example is `:house:`). The document's `code`
 * is the emoji's code points in hexadecimal joined by `-` (`1f389`, `2764-fe0f`).
 *
 * The names are GitHub's (gemoji 4.1.0, MIT), which GitBook's are: the whole list, every
 * alias, as a table here (Quire has no emoji dependency); an emoji's first name is the one
 * a document is written with (`:thumbsup:` reads as the emoji `:+1:` writes). A `:name:` that
 * is not in it stays text, written back as it came. An emoji whose code has no name here is written as the
 * character itself: what GitBook's reader keeps as text and shows the same, and what Quire
 * reads back as text too (the one case where the inline does not come back: say so).
 *
 * Read by a micromark construct (`gitbookEmojiSyntax`), so an escaped `\:tada:` stays text;
 * the printer escapes a text's `:name:` for the same reason (`emojiUnsafePatterns`).
 */
export interface GitbookEmoji extends Node {
  type: 'gitbookEmoji';
  name: string;
}

declare module 'mdast' {
  interface PhrasingContentMap {
    gitbookEmoji: GitbookEmoji;
  }
  interface RootContentMap {
    gitbookEmoji: GitbookEmoji;
  }
}

/** `name=code` pairs, GitHub's names (gemoji's `db/emoji.json`, aliases in its order). */
const table = `
grinning=1f600 smiley=1f603 smile=1f604 grin=1f601 laughing=1f606 satisfied=1f606 sweat_smile=1f605 rofl=1f923
joy=1f602 slightly_smiling_face=1f642 upside_down_face=1f643 melting_face=1fae0 wink=1f609 blush=1f60a
innocent=1f607 smiling_face_with_three_hearts=1f970 heart_eyes=1f60d star_struck=1f929 kissing_heart=1f618
kissing=1f617 relaxed=263a-fe0f kissing_closed_eyes=1f61a kissing_smiling_eyes=1f619
smiling_face_with_tear=1f972 yum=1f60b stuck_out_tongue=1f61b stuck_out_tongue_winking_eye=1f61c
zany_face=1f92a stuck_out_tongue_closed_eyes=1f61d money_mouth_face=1f911 hugs=1f917 hand_over_mouth=1f92d
face_with_open_eyes_and_hand_over_mouth=1fae2 face_with_peeking_eye=1fae3 shushing_face=1f92b thinking=1f914
saluting_face=1fae1 zipper_mouth_face=1f910 raised_eyebrow=1f928 neutral_face=1f610 expressionless=1f611
no_mouth=1f636 dotted_line_face=1fae5 face_in_clouds=1f636-200d-1f32b-fe0f smirk=1f60f unamused=1f612
roll_eyes=1f644 grimacing=1f62c face_exhaling=1f62e-200d-1f4a8 lying_face=1f925 shaking_face=1fae8
relieved=1f60c pensive=1f614 sleepy=1f62a drooling_face=1f924 sleeping=1f634 mask=1f637
face_with_thermometer=1f912 face_with_head_bandage=1f915 nauseated_face=1f922 vomiting_face=1f92e
sneezing_face=1f927 hot_face=1f975 cold_face=1f976 woozy_face=1f974 dizzy_face=1f635
face_with_spiral_eyes=1f635-200d-1f4ab exploding_head=1f92f cowboy_hat_face=1f920 partying_face=1f973
disguised_face=1f978 sunglasses=1f60e nerd_face=1f913 monocle_face=1f9d0 confused=1f615
face_with_diagonal_mouth=1fae4 worried=1f61f slightly_frowning_face=1f641 frowning_face=2639-fe0f
open_mouth=1f62e hushed=1f62f astonished=1f632 flushed=1f633 pleading_face=1f97a face_holding_back_tears=1f979
frowning=1f626 anguished=1f627 fearful=1f628 cold_sweat=1f630 disappointed_relieved=1f625 cry=1f622 sob=1f62d
scream=1f631 confounded=1f616 persevere=1f623 disappointed=1f61e sweat=1f613 weary=1f629 tired_face=1f62b
yawning_face=1f971 triumph=1f624 rage=1f621 pout=1f621 angry=1f620 cursing_face=1f92c smiling_imp=1f608
imp=1f47f skull=1f480 skull_and_crossbones=2620-fe0f hankey=1f4a9 poop=1f4a9 shit=1f4a9 clown_face=1f921
japanese_ogre=1f479 japanese_goblin=1f47a ghost=1f47b alien=1f47d space_invader=1f47e robot=1f916
smiley_cat=1f63a smile_cat=1f638 joy_cat=1f639 heart_eyes_cat=1f63b smirk_cat=1f63c kissing_cat=1f63d
scream_cat=1f640 crying_cat_face=1f63f pouting_cat=1f63e see_no_evil=1f648 hear_no_evil=1f649
speak_no_evil=1f64a love_letter=1f48c cupid=1f498 gift_heart=1f49d sparkling_heart=1f496 heartpulse=1f497
heartbeat=1f493 revolving_hearts=1f49e two_hearts=1f495 heart_decoration=1f49f
heavy_heart_exclamation=2763-fe0f broken_heart=1f494 heart_on_fire=2764-fe0f-200d-1f525
mending_heart=2764-fe0f-200d-1fa79 heart=2764-fe0f pink_heart=1fa77 orange_heart=1f9e1 yellow_heart=1f49b
green_heart=1f49a blue_heart=1f499 light_blue_heart=1fa75 purple_heart=1f49c brown_heart=1f90e
black_heart=1f5a4 grey_heart=1fa76 white_heart=1f90d kiss=1f48b 100=1f4af anger=1f4a2 boom=1f4a5
collision=1f4a5 dizzy=1f4ab sweat_drops=1f4a6 dash=1f4a8 hole=1f573-fe0f speech_balloon=1f4ac
eye_speech_bubble=1f441-fe0f-200d-1f5e8-fe0f left_speech_bubble=1f5e8-fe0f right_anger_bubble=1f5ef-fe0f
thought_balloon=1f4ad zzz=1f4a4 wave=1f44b raised_back_of_hand=1f91a
raised_hand_with_fingers_splayed=1f590-fe0f raised_hand=270b hand=270b vulcan_salute=1f596
rightwards_hand=1faf1 leftwards_hand=1faf2 palm_down_hand=1faf3 palm_up_hand=1faf4
leftwards_pushing_hand=1faf7 rightwards_pushing_hand=1faf8 ok_hand=1f44c pinched_fingers=1f90c
pinching_hand=1f90f v=270c-fe0f crossed_fingers=1f91e hand_with_index_finger_and_thumb_crossed=1faf0
love_you_gesture=1f91f metal=1f918 call_me_hand=1f919 point_left=1f448 point_right=1f449 point_up_2=1f446
middle_finger=1f595 fu=1f595 point_down=1f447 point_up=261d-fe0f index_pointing_at_the_viewer=1faf5 +1=1f44d
thumbsup=1f44d -1=1f44e thumbsdown=1f44e fist_raised=270a fist=270a fist_oncoming=1f44a facepunch=1f44a
punch=1f44a fist_left=1f91b fist_right=1f91c clap=1f44f raised_hands=1f64c heart_hands=1faf6 open_hands=1f450
palms_up_together=1f932 handshake=1f91d pray=1f64f writing_hand=270d-fe0f nail_care=1f485 selfie=1f933
muscle=1f4aa mechanical_arm=1f9be mechanical_leg=1f9bf leg=1f9b5 foot=1f9b6 ear=1f442
ear_with_hearing_aid=1f9bb nose=1f443 brain=1f9e0 anatomical_heart=1fac0 lungs=1fac1 tooth=1f9b7 bone=1f9b4
eyes=1f440 eye=1f441-fe0f tongue=1f445 lips=1f444 biting_lip=1fae6 baby=1f476 child=1f9d2 boy=1f466 girl=1f467
adult=1f9d1 blond_haired_person=1f471 man=1f468 bearded_person=1f9d4 man_beard=1f9d4-200d-2642-fe0f
woman_beard=1f9d4-200d-2640-fe0f red_haired_man=1f468-200d-1f9b0 curly_haired_man=1f468-200d-1f9b1
white_haired_man=1f468-200d-1f9b3 bald_man=1f468-200d-1f9b2 woman=1f469 red_haired_woman=1f469-200d-1f9b0
person_red_hair=1f9d1-200d-1f9b0 curly_haired_woman=1f469-200d-1f9b1 person_curly_hair=1f9d1-200d-1f9b1
white_haired_woman=1f469-200d-1f9b3 person_white_hair=1f9d1-200d-1f9b3 bald_woman=1f469-200d-1f9b2
person_bald=1f9d1-200d-1f9b2 blond_haired_woman=1f471-200d-2640-fe0f blonde_woman=1f471-200d-2640-fe0f
blond_haired_man=1f471-200d-2642-fe0f older_adult=1f9d3 older_man=1f474 older_woman=1f475
frowning_person=1f64d frowning_man=1f64d-200d-2642-fe0f frowning_woman=1f64d-200d-2640-fe0f pouting_face=1f64e
pouting_man=1f64e-200d-2642-fe0f pouting_woman=1f64e-200d-2640-fe0f no_good=1f645
no_good_man=1f645-200d-2642-fe0f ng_man=1f645-200d-2642-fe0f no_good_woman=1f645-200d-2640-fe0f
ng_woman=1f645-200d-2640-fe0f ok_person=1f646 ok_man=1f646-200d-2642-fe0f ok_woman=1f646-200d-2640-fe0f
tipping_hand_person=1f481 information_desk_person=1f481 tipping_hand_man=1f481-200d-2642-fe0f
sassy_man=1f481-200d-2642-fe0f tipping_hand_woman=1f481-200d-2640-fe0f sassy_woman=1f481-200d-2640-fe0f
raising_hand=1f64b raising_hand_man=1f64b-200d-2642-fe0f raising_hand_woman=1f64b-200d-2640-fe0f
deaf_person=1f9cf deaf_man=1f9cf-200d-2642-fe0f deaf_woman=1f9cf-200d-2640-fe0f bow=1f647
bowing_man=1f647-200d-2642-fe0f bowing_woman=1f647-200d-2640-fe0f facepalm=1f926
man_facepalming=1f926-200d-2642-fe0f woman_facepalming=1f926-200d-2640-fe0f shrug=1f937
man_shrugging=1f937-200d-2642-fe0f woman_shrugging=1f937-200d-2640-fe0f health_worker=1f9d1-200d-2695-fe0f
man_health_worker=1f468-200d-2695-fe0f woman_health_worker=1f469-200d-2695-fe0f student=1f9d1-200d-1f393
man_student=1f468-200d-1f393 woman_student=1f469-200d-1f393 teacher=1f9d1-200d-1f3eb
man_teacher=1f468-200d-1f3eb woman_teacher=1f469-200d-1f3eb judge=1f9d1-200d-2696-fe0f
man_judge=1f468-200d-2696-fe0f woman_judge=1f469-200d-2696-fe0f farmer=1f9d1-200d-1f33e
man_farmer=1f468-200d-1f33e woman_farmer=1f469-200d-1f33e cook=1f9d1-200d-1f373 man_cook=1f468-200d-1f373
woman_cook=1f469-200d-1f373 mechanic=1f9d1-200d-1f527 man_mechanic=1f468-200d-1f527
woman_mechanic=1f469-200d-1f527 factory_worker=1f9d1-200d-1f3ed man_factory_worker=1f468-200d-1f3ed
woman_factory_worker=1f469-200d-1f3ed office_worker=1f9d1-200d-1f4bc man_office_worker=1f468-200d-1f4bc
woman_office_worker=1f469-200d-1f4bc scientist=1f9d1-200d-1f52c man_scientist=1f468-200d-1f52c
woman_scientist=1f469-200d-1f52c technologist=1f9d1-200d-1f4bb man_technologist=1f468-200d-1f4bb
woman_technologist=1f469-200d-1f4bb singer=1f9d1-200d-1f3a4 man_singer=1f468-200d-1f3a4
woman_singer=1f469-200d-1f3a4 artist=1f9d1-200d-1f3a8 man_artist=1f468-200d-1f3a8
woman_artist=1f469-200d-1f3a8 pilot=1f9d1-200d-2708-fe0f man_pilot=1f468-200d-2708-fe0f
woman_pilot=1f469-200d-2708-fe0f astronaut=1f9d1-200d-1f680 man_astronaut=1f468-200d-1f680
woman_astronaut=1f469-200d-1f680 firefighter=1f9d1-200d-1f692 man_firefighter=1f468-200d-1f692
woman_firefighter=1f469-200d-1f692 police_officer=1f46e cop=1f46e policeman=1f46e-200d-2642-fe0f
policewoman=1f46e-200d-2640-fe0f detective=1f575-fe0f male_detective=1f575-fe0f-200d-2642-fe0f
female_detective=1f575-fe0f-200d-2640-fe0f guard=1f482 guardsman=1f482-200d-2642-fe0f
guardswoman=1f482-200d-2640-fe0f ninja=1f977 construction_worker=1f477
construction_worker_man=1f477-200d-2642-fe0f construction_worker_woman=1f477-200d-2640-fe0f
person_with_crown=1fac5 prince=1f934 princess=1f478 person_with_turban=1f473
man_with_turban=1f473-200d-2642-fe0f woman_with_turban=1f473-200d-2640-fe0f man_with_gua_pi_mao=1f472
woman_with_headscarf=1f9d5 person_in_tuxedo=1f935 man_in_tuxedo=1f935-200d-2642-fe0f
woman_in_tuxedo=1f935-200d-2640-fe0f person_with_veil=1f470 man_with_veil=1f470-200d-2642-fe0f
woman_with_veil=1f470-200d-2640-fe0f bride_with_veil=1f470-200d-2640-fe0f pregnant_woman=1f930
pregnant_man=1fac3 pregnant_person=1fac4 breast_feeding=1f931 woman_feeding_baby=1f469-200d-1f37c
man_feeding_baby=1f468-200d-1f37c person_feeding_baby=1f9d1-200d-1f37c angel=1f47c santa=1f385 mrs_claus=1f936
mx_claus=1f9d1-200d-1f384 superhero=1f9b8 superhero_man=1f9b8-200d-2642-fe0f
superhero_woman=1f9b8-200d-2640-fe0f supervillain=1f9b9 supervillain_man=1f9b9-200d-2642-fe0f
supervillain_woman=1f9b9-200d-2640-fe0f mage=1f9d9 mage_man=1f9d9-200d-2642-fe0f
mage_woman=1f9d9-200d-2640-fe0f fairy=1f9da fairy_man=1f9da-200d-2642-fe0f fairy_woman=1f9da-200d-2640-fe0f
vampire=1f9db vampire_man=1f9db-200d-2642-fe0f vampire_woman=1f9db-200d-2640-fe0f merperson=1f9dc
merman=1f9dc-200d-2642-fe0f mermaid=1f9dc-200d-2640-fe0f elf=1f9dd elf_man=1f9dd-200d-2642-fe0f
elf_woman=1f9dd-200d-2640-fe0f genie=1f9de genie_man=1f9de-200d-2642-fe0f genie_woman=1f9de-200d-2640-fe0f
zombie=1f9df zombie_man=1f9df-200d-2642-fe0f zombie_woman=1f9df-200d-2640-fe0f troll=1f9cc massage=1f486
massage_man=1f486-200d-2642-fe0f massage_woman=1f486-200d-2640-fe0f haircut=1f487
haircut_man=1f487-200d-2642-fe0f haircut_woman=1f487-200d-2640-fe0f walking=1f6b6
walking_man=1f6b6-200d-2642-fe0f walking_woman=1f6b6-200d-2640-fe0f standing_person=1f9cd
standing_man=1f9cd-200d-2642-fe0f standing_woman=1f9cd-200d-2640-fe0f kneeling_person=1f9ce
kneeling_man=1f9ce-200d-2642-fe0f kneeling_woman=1f9ce-200d-2640-fe0f
person_with_probing_cane=1f9d1-200d-1f9af man_with_probing_cane=1f468-200d-1f9af
woman_with_probing_cane=1f469-200d-1f9af person_in_motorized_wheelchair=1f9d1-200d-1f9bc
man_in_motorized_wheelchair=1f468-200d-1f9bc woman_in_motorized_wheelchair=1f469-200d-1f9bc
person_in_manual_wheelchair=1f9d1-200d-1f9bd man_in_manual_wheelchair=1f468-200d-1f9bd
woman_in_manual_wheelchair=1f469-200d-1f9bd runner=1f3c3 running=1f3c3 running_man=1f3c3-200d-2642-fe0f
running_woman=1f3c3-200d-2640-fe0f woman_dancing=1f483 dancer=1f483 man_dancing=1f57a
business_suit_levitating=1f574-fe0f dancers=1f46f dancing_men=1f46f-200d-2642-fe0f
dancing_women=1f46f-200d-2640-fe0f sauna_person=1f9d6 sauna_man=1f9d6-200d-2642-fe0f
sauna_woman=1f9d6-200d-2640-fe0f climbing=1f9d7 climbing_man=1f9d7-200d-2642-fe0f
climbing_woman=1f9d7-200d-2640-fe0f person_fencing=1f93a horse_racing=1f3c7 skier=26f7-fe0f snowboarder=1f3c2
golfing=1f3cc-fe0f golfing_man=1f3cc-fe0f-200d-2642-fe0f golfing_woman=1f3cc-fe0f-200d-2640-fe0f surfer=1f3c4
surfing_man=1f3c4-200d-2642-fe0f surfing_woman=1f3c4-200d-2640-fe0f rowboat=1f6a3
rowing_man=1f6a3-200d-2642-fe0f rowing_woman=1f6a3-200d-2640-fe0f swimmer=1f3ca
swimming_man=1f3ca-200d-2642-fe0f swimming_woman=1f3ca-200d-2640-fe0f bouncing_ball_person=26f9-fe0f
bouncing_ball_man=26f9-fe0f-200d-2642-fe0f basketball_man=26f9-fe0f-200d-2642-fe0f
bouncing_ball_woman=26f9-fe0f-200d-2640-fe0f basketball_woman=26f9-fe0f-200d-2640-fe0f
weight_lifting=1f3cb-fe0f weight_lifting_man=1f3cb-fe0f-200d-2642-fe0f
weight_lifting_woman=1f3cb-fe0f-200d-2640-fe0f bicyclist=1f6b4 biking_man=1f6b4-200d-2642-fe0f
biking_woman=1f6b4-200d-2640-fe0f mountain_bicyclist=1f6b5 mountain_biking_man=1f6b5-200d-2642-fe0f
mountain_biking_woman=1f6b5-200d-2640-fe0f cartwheeling=1f938 man_cartwheeling=1f938-200d-2642-fe0f
woman_cartwheeling=1f938-200d-2640-fe0f wrestling=1f93c men_wrestling=1f93c-200d-2642-fe0f
women_wrestling=1f93c-200d-2640-fe0f water_polo=1f93d man_playing_water_polo=1f93d-200d-2642-fe0f
woman_playing_water_polo=1f93d-200d-2640-fe0f handball_person=1f93e man_playing_handball=1f93e-200d-2642-fe0f
woman_playing_handball=1f93e-200d-2640-fe0f juggling_person=1f939 man_juggling=1f939-200d-2642-fe0f
woman_juggling=1f939-200d-2640-fe0f lotus_position=1f9d8 lotus_position_man=1f9d8-200d-2642-fe0f
lotus_position_woman=1f9d8-200d-2640-fe0f bath=1f6c0 sleeping_bed=1f6cc
people_holding_hands=1f9d1-200d-1f91d-200d-1f9d1 two_women_holding_hands=1f46d couple=1f46b
two_men_holding_hands=1f46c couplekiss=1f48f couplekiss_man_woman=1f469-200d-2764-fe0f-200d-1f48b-200d-1f468
couplekiss_man_man=1f468-200d-2764-fe0f-200d-1f48b-200d-1f468
couplekiss_woman_woman=1f469-200d-2764-fe0f-200d-1f48b-200d-1f469 couple_with_heart=1f491
couple_with_heart_woman_man=1f469-200d-2764-fe0f-200d-1f468
couple_with_heart_man_man=1f468-200d-2764-fe0f-200d-1f468
couple_with_heart_woman_woman=1f469-200d-2764-fe0f-200d-1f469 family=1f46a
family_man_woman_boy=1f468-200d-1f469-200d-1f466 family_man_woman_girl=1f468-200d-1f469-200d-1f467
family_man_woman_girl_boy=1f468-200d-1f469-200d-1f467-200d-1f466
family_man_woman_boy_boy=1f468-200d-1f469-200d-1f466-200d-1f466
family_man_woman_girl_girl=1f468-200d-1f469-200d-1f467-200d-1f467
family_man_man_boy=1f468-200d-1f468-200d-1f466 family_man_man_girl=1f468-200d-1f468-200d-1f467
family_man_man_girl_boy=1f468-200d-1f468-200d-1f467-200d-1f466
family_man_man_boy_boy=1f468-200d-1f468-200d-1f466-200d-1f466
family_man_man_girl_girl=1f468-200d-1f468-200d-1f467-200d-1f467
family_woman_woman_boy=1f469-200d-1f469-200d-1f466 family_woman_woman_girl=1f469-200d-1f469-200d-1f467
family_woman_woman_girl_boy=1f469-200d-1f469-200d-1f467-200d-1f466
family_woman_woman_boy_boy=1f469-200d-1f469-200d-1f466-200d-1f466
family_woman_woman_girl_girl=1f469-200d-1f469-200d-1f467-200d-1f467 family_man_boy=1f468-200d-1f466
family_man_boy_boy=1f468-200d-1f466-200d-1f466 family_man_girl=1f468-200d-1f467
family_man_girl_boy=1f468-200d-1f467-200d-1f466 family_man_girl_girl=1f468-200d-1f467-200d-1f467
family_woman_boy=1f469-200d-1f466 family_woman_boy_boy=1f469-200d-1f466-200d-1f466
family_woman_girl=1f469-200d-1f467 family_woman_girl_boy=1f469-200d-1f467-200d-1f466
family_woman_girl_girl=1f469-200d-1f467-200d-1f467 speaking_head=1f5e3-fe0f bust_in_silhouette=1f464
busts_in_silhouette=1f465 people_hugging=1fac2 footprints=1f463 monkey_face=1f435 monkey=1f412 gorilla=1f98d
orangutan=1f9a7 dog=1f436 dog2=1f415 guide_dog=1f9ae service_dog=1f415-200d-1f9ba poodle=1f429 wolf=1f43a
fox_face=1f98a raccoon=1f99d cat=1f431 cat2=1f408 black_cat=1f408-200d-2b1b lion=1f981 tiger=1f42f
tiger2=1f405 leopard=1f406 horse=1f434 moose=1face donkey=1facf racehorse=1f40e unicorn=1f984 zebra=1f993
deer=1f98c bison=1f9ac cow=1f42e ox=1f402 water_buffalo=1f403 cow2=1f404 pig=1f437 pig2=1f416 boar=1f417
pig_nose=1f43d ram=1f40f sheep=1f411 goat=1f410 dromedary_camel=1f42a camel=1f42b llama=1f999 giraffe=1f992
elephant=1f418 mammoth=1f9a3 rhinoceros=1f98f hippopotamus=1f99b mouse=1f42d mouse2=1f401 rat=1f400
hamster=1f439 rabbit=1f430 rabbit2=1f407 chipmunk=1f43f-fe0f beaver=1f9ab hedgehog=1f994 bat=1f987 bear=1f43b
polar_bear=1f43b-200d-2744-fe0f koala=1f428 panda_face=1f43c sloth=1f9a5 otter=1f9a6 skunk=1f9a8
kangaroo=1f998 badger=1f9a1 feet=1f43e paw_prints=1f43e turkey=1f983 chicken=1f414 rooster=1f413
hatching_chick=1f423 baby_chick=1f424 hatched_chick=1f425 bird=1f426 penguin=1f427 dove=1f54a-fe0f eagle=1f985
duck=1f986 swan=1f9a2 owl=1f989 dodo=1f9a4 feather=1fab6 flamingo=1f9a9 peacock=1f99a parrot=1f99c wing=1fabd
black_bird=1f426-200d-2b1b goose=1fabf frog=1f438 crocodile=1f40a turtle=1f422 lizard=1f98e snake=1f40d
dragon_face=1f432 dragon=1f409 sauropod=1f995 t-rex=1f996 whale=1f433 whale2=1f40b dolphin=1f42c flipper=1f42c
seal=1f9ad fish=1f41f tropical_fish=1f420 blowfish=1f421 shark=1f988 octopus=1f419 shell=1f41a coral=1fab8
jellyfish=1fabc snail=1f40c butterfly=1f98b bug=1f41b ant=1f41c bee=1f41d honeybee=1f41d beetle=1fab2
lady_beetle=1f41e cricket=1f997 cockroach=1fab3 spider=1f577-fe0f spider_web=1f578-fe0f scorpion=1f982
mosquito=1f99f fly=1fab0 worm=1fab1 microbe=1f9a0 bouquet=1f490 cherry_blossom=1f338 white_flower=1f4ae
lotus=1fab7 rosette=1f3f5-fe0f rose=1f339 wilted_flower=1f940 hibiscus=1f33a sunflower=1f33b blossom=1f33c
tulip=1f337 hyacinth=1fabb seedling=1f331 potted_plant=1fab4 evergreen_tree=1f332 deciduous_tree=1f333
palm_tree=1f334 cactus=1f335 ear_of_rice=1f33e herb=1f33f shamrock=2618-fe0f four_leaf_clover=1f340
maple_leaf=1f341 fallen_leaf=1f342 leaves=1f343 empty_nest=1fab9 nest_with_eggs=1faba mushroom=1f344
grapes=1f347 melon=1f348 watermelon=1f349 tangerine=1f34a orange=1f34a mandarin=1f34a lemon=1f34b banana=1f34c
pineapple=1f34d mango=1f96d apple=1f34e green_apple=1f34f pear=1f350 peach=1f351 cherries=1f352
strawberry=1f353 blueberries=1fad0 kiwi_fruit=1f95d tomato=1f345 olive=1fad2 coconut=1f965 avocado=1f951
eggplant=1f346 potato=1f954 carrot=1f955 corn=1f33d hot_pepper=1f336-fe0f bell_pepper=1fad1 cucumber=1f952
leafy_green=1f96c broccoli=1f966 garlic=1f9c4 onion=1f9c5 peanuts=1f95c beans=1fad8 chestnut=1f330
ginger_root=1fada pea_pod=1fadb bread=1f35e croissant=1f950 baguette_bread=1f956 flatbread=1fad3 pretzel=1f968
bagel=1f96f pancakes=1f95e waffle=1f9c7 cheese=1f9c0 meat_on_bone=1f356 poultry_leg=1f357 cut_of_meat=1f969
bacon=1f953 hamburger=1f354 fries=1f35f pizza=1f355 hotdog=1f32d sandwich=1f96a taco=1f32e burrito=1f32f
tamale=1fad4 stuffed_flatbread=1f959 falafel=1f9c6 egg=1f95a fried_egg=1f373 shallow_pan_of_food=1f958
stew=1f372 fondue=1fad5 bowl_with_spoon=1f963 green_salad=1f957 popcorn=1f37f butter=1f9c8 salt=1f9c2
canned_food=1f96b bento=1f371 rice_cracker=1f358 rice_ball=1f359 rice=1f35a curry=1f35b ramen=1f35c
spaghetti=1f35d sweet_potato=1f360 oden=1f362 sushi=1f363 fried_shrimp=1f364 fish_cake=1f365 moon_cake=1f96e
dango=1f361 dumpling=1f95f fortune_cookie=1f960 takeout_box=1f961 crab=1f980 lobster=1f99e shrimp=1f990
squid=1f991 oyster=1f9aa icecream=1f366 shaved_ice=1f367 ice_cream=1f368 doughnut=1f369 cookie=1f36a
birthday=1f382 cake=1f370 cupcake=1f9c1 pie=1f967 chocolate_bar=1f36b candy=1f36c lollipop=1f36d custard=1f36e
honey_pot=1f36f baby_bottle=1f37c milk_glass=1f95b coffee=2615 teapot=1fad6 tea=1f375 sake=1f376
champagne=1f37e wine_glass=1f377 cocktail=1f378 tropical_drink=1f379 beer=1f37a beers=1f37b
clinking_glasses=1f942 tumbler_glass=1f943 pouring_liquid=1fad7 cup_with_straw=1f964 bubble_tea=1f9cb
beverage_box=1f9c3 mate=1f9c9 ice_cube=1f9ca chopsticks=1f962 plate_with_cutlery=1f37d-fe0f
fork_and_knife=1f374 spoon=1f944 hocho=1f52a knife=1f52a jar=1fad9 amphora=1f3fa earth_africa=1f30d
earth_americas=1f30e earth_asia=1f30f globe_with_meridians=1f310 world_map=1f5fa-fe0f japan=1f5fe
compass=1f9ed mountain_snow=1f3d4-fe0f mountain=26f0-fe0f volcano=1f30b mount_fuji=1f5fb camping=1f3d5-fe0f
beach_umbrella=1f3d6-fe0f desert=1f3dc-fe0f desert_island=1f3dd-fe0f national_park=1f3de-fe0f
stadium=1f3df-fe0f classical_building=1f3db-fe0f building_construction=1f3d7-fe0f bricks=1f9f1 rock=1faa8
wood=1fab5 hut=1f6d6 houses=1f3d8-fe0f derelict_house=1f3da-fe0f house=1f3e0 house_with_garden=1f3e1
office=1f3e2 post_office=1f3e3 european_post_office=1f3e4 hospital=1f3e5 bank=1f3e6 hotel=1f3e8
love_hotel=1f3e9 convenience_store=1f3ea school=1f3eb department_store=1f3ec factory=1f3ed
japanese_castle=1f3ef european_castle=1f3f0 wedding=1f492 tokyo_tower=1f5fc statue_of_liberty=1f5fd
church=26ea mosque=1f54c hindu_temple=1f6d5 synagogue=1f54d shinto_shrine=26e9-fe0f kaaba=1f54b fountain=26f2
tent=26fa foggy=1f301 night_with_stars=1f303 cityscape=1f3d9-fe0f sunrise_over_mountains=1f304 sunrise=1f305
city_sunset=1f306 city_sunrise=1f307 bridge_at_night=1f309 hotsprings=2668-fe0f carousel_horse=1f3a0
playground_slide=1f6dd ferris_wheel=1f3a1 roller_coaster=1f3a2 barber=1f488 circus_tent=1f3aa
steam_locomotive=1f682 railway_car=1f683 bullettrain_side=1f684 bullettrain_front=1f685 train2=1f686
metro=1f687 light_rail=1f688 station=1f689 tram=1f68a monorail=1f69d mountain_railway=1f69e train=1f68b
bus=1f68c oncoming_bus=1f68d trolleybus=1f68e minibus=1f690 ambulance=1f691 fire_engine=1f692 police_car=1f693
oncoming_police_car=1f694 taxi=1f695 oncoming_taxi=1f696 car=1f697 red_car=1f697 oncoming_automobile=1f698
blue_car=1f699 pickup_truck=1f6fb truck=1f69a articulated_lorry=1f69b tractor=1f69c racing_car=1f3ce-fe0f
motorcycle=1f3cd-fe0f motor_scooter=1f6f5 manual_wheelchair=1f9bd motorized_wheelchair=1f9bc
auto_rickshaw=1f6fa bike=1f6b2 kick_scooter=1f6f4 skateboard=1f6f9 roller_skate=1f6fc busstop=1f68f
motorway=1f6e3-fe0f railway_track=1f6e4-fe0f oil_drum=1f6e2-fe0f fuelpump=26fd wheel=1f6de
rotating_light=1f6a8 traffic_light=1f6a5 vertical_traffic_light=1f6a6 stop_sign=1f6d1 construction=1f6a7
anchor=2693 ring_buoy=1f6df boat=26f5 sailboat=26f5 canoe=1f6f6 speedboat=1f6a4 passenger_ship=1f6f3-fe0f
ferry=26f4-fe0f motor_boat=1f6e5-fe0f ship=1f6a2 airplane=2708-fe0f small_airplane=1f6e9-fe0f
flight_departure=1f6eb flight_arrival=1f6ec parachute=1fa82 seat=1f4ba helicopter=1f681
suspension_railway=1f69f mountain_cableway=1f6a0 aerial_tramway=1f6a1 artificial_satellite=1f6f0-fe0f
rocket=1f680 flying_saucer=1f6f8 bellhop_bell=1f6ce-fe0f luggage=1f9f3 hourglass=231b
hourglass_flowing_sand=23f3 watch=231a alarm_clock=23f0 stopwatch=23f1-fe0f timer_clock=23f2-fe0f
mantelpiece_clock=1f570-fe0f clock12=1f55b clock1230=1f567 clock1=1f550 clock130=1f55c clock2=1f551
clock230=1f55d clock3=1f552 clock330=1f55e clock4=1f553 clock430=1f55f clock5=1f554 clock530=1f560
clock6=1f555 clock630=1f561 clock7=1f556 clock730=1f562 clock8=1f557 clock830=1f563 clock9=1f558
clock930=1f564 clock10=1f559 clock1030=1f565 clock11=1f55a clock1130=1f566 new_moon=1f311
waxing_crescent_moon=1f312 first_quarter_moon=1f313 moon=1f314 waxing_gibbous_moon=1f314 full_moon=1f315
waning_gibbous_moon=1f316 last_quarter_moon=1f317 waning_crescent_moon=1f318 crescent_moon=1f319
new_moon_with_face=1f31a first_quarter_moon_with_face=1f31b last_quarter_moon_with_face=1f31c
thermometer=1f321-fe0f sunny=2600-fe0f full_moon_with_face=1f31d sun_with_face=1f31e ringed_planet=1fa90
star=2b50 star2=1f31f stars=1f320 milky_way=1f30c cloud=2601-fe0f partly_sunny=26c5
cloud_with_lightning_and_rain=26c8-fe0f sun_behind_small_cloud=1f324-fe0f sun_behind_large_cloud=1f325-fe0f
sun_behind_rain_cloud=1f326-fe0f cloud_with_rain=1f327-fe0f cloud_with_snow=1f328-fe0f
cloud_with_lightning=1f329-fe0f tornado=1f32a-fe0f fog=1f32b-fe0f wind_face=1f32c-fe0f cyclone=1f300
rainbow=1f308 closed_umbrella=1f302 open_umbrella=2602-fe0f umbrella=2614 parasol_on_ground=26f1-fe0f zap=26a1
snowflake=2744-fe0f snowman_with_snow=2603-fe0f snowman=26c4 comet=2604-fe0f fire=1f525 droplet=1f4a7
ocean=1f30a jack_o_lantern=1f383 christmas_tree=1f384 fireworks=1f386 sparkler=1f387 firecracker=1f9e8
sparkles=2728 balloon=1f388 tada=1f389 confetti_ball=1f38a tanabata_tree=1f38b bamboo=1f38d dolls=1f38e
flags=1f38f wind_chime=1f390 rice_scene=1f391 red_envelope=1f9e7 ribbon=1f380 gift=1f381
reminder_ribbon=1f397-fe0f tickets=1f39f-fe0f ticket=1f3ab medal_military=1f396-fe0f trophy=1f3c6
medal_sports=1f3c5 1st_place_medal=1f947 2nd_place_medal=1f948 3rd_place_medal=1f949 soccer=26bd baseball=26be
softball=1f94e basketball=1f3c0 volleyball=1f3d0 football=1f3c8 rugby_football=1f3c9 tennis=1f3be
flying_disc=1f94f bowling=1f3b3 cricket_game=1f3cf field_hockey=1f3d1 ice_hockey=1f3d2 lacrosse=1f94d
ping_pong=1f3d3 badminton=1f3f8 boxing_glove=1f94a martial_arts_uniform=1f94b goal_net=1f945 golf=26f3
ice_skate=26f8-fe0f fishing_pole_and_fish=1f3a3 diving_mask=1f93f running_shirt_with_sash=1f3bd ski=1f3bf
sled=1f6f7 curling_stone=1f94c dart=1f3af yo_yo=1fa80 kite=1fa81 gun=1f52b 8ball=1f3b1 crystal_ball=1f52e
magic_wand=1fa84 video_game=1f3ae joystick=1f579-fe0f slot_machine=1f3b0 game_die=1f3b2 jigsaw=1f9e9
teddy_bear=1f9f8 pinata=1fa85 mirror_ball=1faa9 nesting_dolls=1fa86 spades=2660-fe0f hearts=2665-fe0f
diamonds=2666-fe0f clubs=2663-fe0f chess_pawn=265f-fe0f black_joker=1f0cf mahjong=1f004
flower_playing_cards=1f3b4 performing_arts=1f3ad framed_picture=1f5bc-fe0f art=1f3a8 thread=1f9f5
sewing_needle=1faa1 yarn=1f9f6 knot=1faa2 eyeglasses=1f453 dark_sunglasses=1f576-fe0f goggles=1f97d
lab_coat=1f97c safety_vest=1f9ba necktie=1f454 shirt=1f455 tshirt=1f455 jeans=1f456 scarf=1f9e3 gloves=1f9e4
coat=1f9e5 socks=1f9e6 dress=1f457 kimono=1f458 sari=1f97b one_piece_swimsuit=1fa71 swim_brief=1fa72
shorts=1fa73 bikini=1f459 womans_clothes=1f45a folding_hand_fan=1faad purse=1f45b handbag=1f45c pouch=1f45d
shopping=1f6cd-fe0f school_satchel=1f392 thong_sandal=1fa74 mans_shoe=1f45e shoe=1f45e athletic_shoe=1f45f
hiking_boot=1f97e flat_shoe=1f97f high_heel=1f460 sandal=1f461 ballet_shoes=1fa70 boot=1f462 hair_pick=1faae
crown=1f451 womans_hat=1f452 tophat=1f3a9 mortar_board=1f393 billed_cap=1f9e2 military_helmet=1fa96
rescue_worker_helmet=26d1-fe0f prayer_beads=1f4ff lipstick=1f484 ring=1f48d gem=1f48e mute=1f507 speaker=1f508
sound=1f509 loud_sound=1f50a loudspeaker=1f4e2 mega=1f4e3 postal_horn=1f4ef bell=1f514 no_bell=1f515
musical_score=1f3bc musical_note=1f3b5 notes=1f3b6 studio_microphone=1f399-fe0f level_slider=1f39a-fe0f
control_knobs=1f39b-fe0f microphone=1f3a4 headphones=1f3a7 radio=1f4fb saxophone=1f3b7 accordion=1fa97
guitar=1f3b8 musical_keyboard=1f3b9 trumpet=1f3ba violin=1f3bb banjo=1fa95 drum=1f941 long_drum=1fa98
maracas=1fa87 flute=1fa88 iphone=1f4f1 calling=1f4f2 phone=260e-fe0f telephone=260e-fe0f
telephone_receiver=1f4de pager=1f4df fax=1f4e0 battery=1f50b low_battery=1faab electric_plug=1f50c
computer=1f4bb desktop_computer=1f5a5-fe0f printer=1f5a8-fe0f keyboard=2328-fe0f computer_mouse=1f5b1-fe0f
trackball=1f5b2-fe0f minidisc=1f4bd floppy_disk=1f4be cd=1f4bf dvd=1f4c0 abacus=1f9ee movie_camera=1f3a5
film_strip=1f39e-fe0f film_projector=1f4fd-fe0f clapper=1f3ac tv=1f4fa camera=1f4f7 camera_flash=1f4f8
video_camera=1f4f9 vhs=1f4fc mag=1f50d mag_right=1f50e candle=1f56f-fe0f bulb=1f4a1 flashlight=1f526
izakaya_lantern=1f3ee lantern=1f3ee diya_lamp=1fa94 notebook_with_decorative_cover=1f4d4 closed_book=1f4d5
book=1f4d6 open_book=1f4d6 green_book=1f4d7 blue_book=1f4d8 orange_book=1f4d9 books=1f4da notebook=1f4d3
ledger=1f4d2 page_with_curl=1f4c3 scroll=1f4dc page_facing_up=1f4c4 newspaper=1f4f0 newspaper_roll=1f5de-fe0f
bookmark_tabs=1f4d1 bookmark=1f516 label=1f3f7-fe0f moneybag=1f4b0 coin=1fa99 yen=1f4b4 dollar=1f4b5
euro=1f4b6 pound=1f4b7 money_with_wings=1f4b8 credit_card=1f4b3 receipt=1f9fe chart=1f4b9 envelope=2709-fe0f
email=1f4e7 e-mail=1f4e7 incoming_envelope=1f4e8 envelope_with_arrow=1f4e9 outbox_tray=1f4e4 inbox_tray=1f4e5
package=1f4e6 mailbox=1f4eb mailbox_closed=1f4ea mailbox_with_mail=1f4ec mailbox_with_no_mail=1f4ed
postbox=1f4ee ballot_box=1f5f3-fe0f pencil2=270f-fe0f black_nib=2712-fe0f fountain_pen=1f58b-fe0f
pen=1f58a-fe0f paintbrush=1f58c-fe0f crayon=1f58d-fe0f memo=1f4dd pencil=1f4dd briefcase=1f4bc
file_folder=1f4c1 open_file_folder=1f4c2 card_index_dividers=1f5c2-fe0f date=1f4c5 calendar=1f4c6
spiral_notepad=1f5d2-fe0f spiral_calendar=1f5d3-fe0f card_index=1f4c7 chart_with_upwards_trend=1f4c8
chart_with_downwards_trend=1f4c9 bar_chart=1f4ca clipboard=1f4cb pushpin=1f4cc round_pushpin=1f4cd
paperclip=1f4ce paperclips=1f587-fe0f straight_ruler=1f4cf triangular_ruler=1f4d0 scissors=2702-fe0f
card_file_box=1f5c3-fe0f file_cabinet=1f5c4-fe0f wastebasket=1f5d1-fe0f lock=1f512 unlock=1f513
lock_with_ink_pen=1f50f closed_lock_with_key=1f510 key=1f511 old_key=1f5dd-fe0f hammer=1f528 axe=1fa93
pick=26cf-fe0f hammer_and_pick=2692-fe0f hammer_and_wrench=1f6e0-fe0f dagger=1f5e1-fe0f
crossed_swords=2694-fe0f bomb=1f4a3 boomerang=1fa83 bow_and_arrow=1f3f9 shield=1f6e1-fe0f carpentry_saw=1fa9a
wrench=1f527 screwdriver=1fa9b nut_and_bolt=1f529 gear=2699-fe0f clamp=1f5dc-fe0f balance_scale=2696-fe0f
probing_cane=1f9af link=1f517 chains=26d3-fe0f hook=1fa9d toolbox=1f9f0 magnet=1f9f2 ladder=1fa9c
alembic=2697-fe0f test_tube=1f9ea petri_dish=1f9eb dna=1f9ec microscope=1f52c telescope=1f52d satellite=1f4e1
syringe=1f489 drop_of_blood=1fa78 pill=1f48a adhesive_bandage=1fa79 crutch=1fa7c stethoscope=1fa7a x_ray=1fa7b
door=1f6aa elevator=1f6d7 mirror=1fa9e window=1fa9f bed=1f6cf-fe0f couch_and_lamp=1f6cb-fe0f chair=1fa91
toilet=1f6bd plunger=1faa0 shower=1f6bf bathtub=1f6c1 mouse_trap=1faa4 razor=1fa92 lotion_bottle=1f9f4
safety_pin=1f9f7 broom=1f9f9 basket=1f9fa roll_of_paper=1f9fb bucket=1faa3 soap=1f9fc bubbles=1fae7
toothbrush=1faa5 sponge=1f9fd fire_extinguisher=1f9ef shopping_cart=1f6d2 smoking=1f6ac coffin=26b0-fe0f
headstone=1faa6 funeral_urn=26b1-fe0f nazar_amulet=1f9ff hamsa=1faac moyai=1f5ff placard=1faa7
identification_card=1faaa atm=1f3e7 put_litter_in_its_place=1f6ae potable_water=1f6b0 wheelchair=267f
mens=1f6b9 womens=1f6ba restroom=1f6bb baby_symbol=1f6bc wc=1f6be passport_control=1f6c2 customs=1f6c3
baggage_claim=1f6c4 left_luggage=1f6c5 warning=26a0-fe0f children_crossing=1f6b8 no_entry=26d4
no_entry_sign=1f6ab no_bicycles=1f6b3 no_smoking=1f6ad do_not_litter=1f6af non-potable_water=1f6b1
no_pedestrians=1f6b7 no_mobile_phones=1f4f5 underage=1f51e radioactive=2622-fe0f biohazard=2623-fe0f
arrow_up=2b06-fe0f arrow_upper_right=2197-fe0f arrow_right=27a1-fe0f arrow_lower_right=2198-fe0f
arrow_down=2b07-fe0f arrow_lower_left=2199-fe0f arrow_left=2b05-fe0f arrow_upper_left=2196-fe0f
arrow_up_down=2195-fe0f left_right_arrow=2194-fe0f leftwards_arrow_with_hook=21a9-fe0f
arrow_right_hook=21aa-fe0f arrow_heading_up=2934-fe0f arrow_heading_down=2935-fe0f arrows_clockwise=1f503
arrows_counterclockwise=1f504 back=1f519 end=1f51a on=1f51b soon=1f51c top=1f51d place_of_worship=1f6d0
atom_symbol=269b-fe0f om=1f549-fe0f star_of_david=2721-fe0f wheel_of_dharma=2638-fe0f yin_yang=262f-fe0f
latin_cross=271d-fe0f orthodox_cross=2626-fe0f star_and_crescent=262a-fe0f peace_symbol=262e-fe0f
menorah=1f54e six_pointed_star=1f52f khanda=1faaf aries=2648 taurus=2649 gemini=264a cancer=264b leo=264c
virgo=264d libra=264e scorpius=264f sagittarius=2650 capricorn=2651 aquarius=2652 pisces=2653 ophiuchus=26ce
twisted_rightwards_arrows=1f500 repeat=1f501 repeat_one=1f502 arrow_forward=25b6-fe0f fast_forward=23e9
next_track_button=23ed-fe0f play_or_pause_button=23ef-fe0f arrow_backward=25c0-fe0f rewind=23ea
previous_track_button=23ee-fe0f arrow_up_small=1f53c arrow_double_up=23eb arrow_down_small=1f53d
arrow_double_down=23ec pause_button=23f8-fe0f stop_button=23f9-fe0f record_button=23fa-fe0f
eject_button=23cf-fe0f cinema=1f3a6 low_brightness=1f505 high_brightness=1f506 signal_strength=1f4f6
wireless=1f6dc vibration_mode=1f4f3 mobile_phone_off=1f4f4 female_sign=2640-fe0f male_sign=2642-fe0f
transgender_symbol=26a7-fe0f heavy_multiplication_x=2716-fe0f heavy_plus_sign=2795 heavy_minus_sign=2796
heavy_division_sign=2797 heavy_equals_sign=1f7f0 infinity=267e-fe0f bangbang=203c-fe0f interrobang=2049-fe0f
question=2753 grey_question=2754 grey_exclamation=2755 exclamation=2757 heavy_exclamation_mark=2757
wavy_dash=3030-fe0f currency_exchange=1f4b1 heavy_dollar_sign=1f4b2 medical_symbol=2695-fe0f recycle=267b-fe0f
fleur_de_lis=269c-fe0f trident=1f531 name_badge=1f4db beginner=1f530 o=2b55 white_check_mark=2705
ballot_box_with_check=2611-fe0f heavy_check_mark=2714-fe0f x=274c negative_squared_cross_mark=274e
curly_loop=27b0 loop=27bf part_alternation_mark=303d-fe0f eight_spoked_asterisk=2733-fe0f
eight_pointed_black_star=2734-fe0f sparkle=2747-fe0f copyright=a9-fe0f registered=ae-fe0f tm=2122-fe0f
hash=23-fe0f-20e3 asterisk=2a-fe0f-20e3 zero=30-fe0f-20e3 one=31-fe0f-20e3 two=32-fe0f-20e3 three=33-fe0f-20e3
four=34-fe0f-20e3 five=35-fe0f-20e3 six=36-fe0f-20e3 seven=37-fe0f-20e3 eight=38-fe0f-20e3 nine=39-fe0f-20e3
keycap_ten=1f51f capital_abcd=1f520 abcd=1f521 1234=1f522 symbols=1f523 abc=1f524 a=1f170-fe0f ab=1f18e
b=1f171-fe0f cl=1f191 cool=1f192 free=1f193 information_source=2139-fe0f id=1f194 m=24c2-fe0f new=1f195
ng=1f196 o2=1f17e-fe0f ok=1f197 parking=1f17f-fe0f sos=1f198 up=1f199 vs=1f19a koko=1f201 sa=1f202-fe0f
u6708=1f237-fe0f u6709=1f236 u6307=1f22f ideograph_advantage=1f250 u5272=1f239 u7121=1f21a u7981=1f232
accept=1f251 u7533=1f238 u5408=1f234 u7a7a=1f233 congratulations=3297-fe0f secret=3299-fe0f u55b6=1f23a
u6e80=1f235 red_circle=1f534 orange_circle=1f7e0 yellow_circle=1f7e1 green_circle=1f7e2
large_blue_circle=1f535 purple_circle=1f7e3 brown_circle=1f7e4 black_circle=26ab white_circle=26aa
red_square=1f7e5 orange_square=1f7e7 yellow_square=1f7e8 green_square=1f7e9 blue_square=1f7e6
purple_square=1f7ea brown_square=1f7eb black_large_square=2b1b white_large_square=2b1c
black_medium_square=25fc-fe0f white_medium_square=25fb-fe0f black_medium_small_square=25fe
white_medium_small_square=25fd black_small_square=25aa-fe0f white_small_square=25ab-fe0f
large_orange_diamond=1f536 large_blue_diamond=1f537 small_orange_diamond=1f538 small_blue_diamond=1f539
small_red_triangle=1f53a small_red_triangle_down=1f53b diamond_shape_with_a_dot_inside=1f4a0
radio_button=1f518 white_square_button=1f533 black_square_button=1f532 checkered_flag=1f3c1
triangular_flag_on_post=1f6a9 crossed_flags=1f38c black_flag=1f3f4 white_flag=1f3f3-fe0f
rainbow_flag=1f3f3-fe0f-200d-1f308 transgender_flag=1f3f3-fe0f-200d-26a7-fe0f pirate_flag=1f3f4-200d-2620-fe0f
ascension_island=1f1e6-1f1e8 andorra=1f1e6-1f1e9 united_arab_emirates=1f1e6-1f1ea afghanistan=1f1e6-1f1eb
antigua_barbuda=1f1e6-1f1ec anguilla=1f1e6-1f1ee albania=1f1e6-1f1f1 armenia=1f1e6-1f1f2 angola=1f1e6-1f1f4
antarctica=1f1e6-1f1f6 argentina=1f1e6-1f1f7 american_samoa=1f1e6-1f1f8 austria=1f1e6-1f1f9
australia=1f1e6-1f1fa aruba=1f1e6-1f1fc aland_islands=1f1e6-1f1fd azerbaijan=1f1e6-1f1ff
bosnia_herzegovina=1f1e7-1f1e6 barbados=1f1e7-1f1e7 bangladesh=1f1e7-1f1e9 belgium=1f1e7-1f1ea
burkina_faso=1f1e7-1f1eb bulgaria=1f1e7-1f1ec bahrain=1f1e7-1f1ed burundi=1f1e7-1f1ee benin=1f1e7-1f1ef
st_barthelemy=1f1e7-1f1f1 bermuda=1f1e7-1f1f2 brunei=1f1e7-1f1f3 bolivia=1f1e7-1f1f4
caribbean_netherlands=1f1e7-1f1f6 brazil=1f1e7-1f1f7 bahamas=1f1e7-1f1f8 bhutan=1f1e7-1f1f9
bouvet_island=1f1e7-1f1fb botswana=1f1e7-1f1fc belarus=1f1e7-1f1fe belize=1f1e7-1f1ff canada=1f1e8-1f1e6
cocos_islands=1f1e8-1f1e8 congo_kinshasa=1f1e8-1f1e9 central_african_republic=1f1e8-1f1eb
congo_brazzaville=1f1e8-1f1ec switzerland=1f1e8-1f1ed cote_divoire=1f1e8-1f1ee cook_islands=1f1e8-1f1f0
chile=1f1e8-1f1f1 cameroon=1f1e8-1f1f2 cn=1f1e8-1f1f3 colombia=1f1e8-1f1f4 clipperton_island=1f1e8-1f1f5
costa_rica=1f1e8-1f1f7 cuba=1f1e8-1f1fa cape_verde=1f1e8-1f1fb curacao=1f1e8-1f1fc
christmas_island=1f1e8-1f1fd cyprus=1f1e8-1f1fe czech_republic=1f1e8-1f1ff de=1f1e9-1f1ea
diego_garcia=1f1e9-1f1ec djibouti=1f1e9-1f1ef denmark=1f1e9-1f1f0 dominica=1f1e9-1f1f2
dominican_republic=1f1e9-1f1f4 algeria=1f1e9-1f1ff ceuta_melilla=1f1ea-1f1e6 ecuador=1f1ea-1f1e8
estonia=1f1ea-1f1ea egypt=1f1ea-1f1ec western_sahara=1f1ea-1f1ed eritrea=1f1ea-1f1f7 es=1f1ea-1f1f8
ethiopia=1f1ea-1f1f9 eu=1f1ea-1f1fa european_union=1f1ea-1f1fa finland=1f1eb-1f1ee fiji=1f1eb-1f1ef
falkland_islands=1f1eb-1f1f0 micronesia=1f1eb-1f1f2 faroe_islands=1f1eb-1f1f4 fr=1f1eb-1f1f7 gabon=1f1ec-1f1e6
gb=1f1ec-1f1e7 uk=1f1ec-1f1e7 grenada=1f1ec-1f1e9 georgia=1f1ec-1f1ea french_guiana=1f1ec-1f1eb
guernsey=1f1ec-1f1ec ghana=1f1ec-1f1ed gibraltar=1f1ec-1f1ee greenland=1f1ec-1f1f1 gambia=1f1ec-1f1f2
guinea=1f1ec-1f1f3 guadeloupe=1f1ec-1f1f5 equatorial_guinea=1f1ec-1f1f6 greece=1f1ec-1f1f7
south_georgia_south_sandwich_islands=1f1ec-1f1f8 guatemala=1f1ec-1f1f9 guam=1f1ec-1f1fa
guinea_bissau=1f1ec-1f1fc guyana=1f1ec-1f1fe hong_kong=1f1ed-1f1f0 heard_mcdonald_islands=1f1ed-1f1f2
honduras=1f1ed-1f1f3 croatia=1f1ed-1f1f7 haiti=1f1ed-1f1f9 hungary=1f1ed-1f1fa canary_islands=1f1ee-1f1e8
indonesia=1f1ee-1f1e9 ireland=1f1ee-1f1ea israel=1f1ee-1f1f1 isle_of_man=1f1ee-1f1f2 india=1f1ee-1f1f3
british_indian_ocean_territory=1f1ee-1f1f4 iraq=1f1ee-1f1f6 iran=1f1ee-1f1f7 iceland=1f1ee-1f1f8
it=1f1ee-1f1f9 jersey=1f1ef-1f1ea jamaica=1f1ef-1f1f2 jordan=1f1ef-1f1f4 jp=1f1ef-1f1f5 kenya=1f1f0-1f1ea
kyrgyzstan=1f1f0-1f1ec cambodia=1f1f0-1f1ed kiribati=1f1f0-1f1ee comoros=1f1f0-1f1f2
st_kitts_nevis=1f1f0-1f1f3 north_korea=1f1f0-1f1f5 kr=1f1f0-1f1f7 kuwait=1f1f0-1f1fc
cayman_islands=1f1f0-1f1fe kazakhstan=1f1f0-1f1ff laos=1f1f1-1f1e6 lebanon=1f1f1-1f1e7 st_lucia=1f1f1-1f1e8
liechtenstein=1f1f1-1f1ee sri_lanka=1f1f1-1f1f0 liberia=1f1f1-1f1f7 lesotho=1f1f1-1f1f8 lithuania=1f1f1-1f1f9
luxembourg=1f1f1-1f1fa latvia=1f1f1-1f1fb libya=1f1f1-1f1fe morocco=1f1f2-1f1e6 monaco=1f1f2-1f1e8
moldova=1f1f2-1f1e9 montenegro=1f1f2-1f1ea st_martin=1f1f2-1f1eb madagascar=1f1f2-1f1ec
marshall_islands=1f1f2-1f1ed macedonia=1f1f2-1f1f0 mali=1f1f2-1f1f1 myanmar=1f1f2-1f1f2 mongolia=1f1f2-1f1f3
macau=1f1f2-1f1f4 northern_mariana_islands=1f1f2-1f1f5 martinique=1f1f2-1f1f6 mauritania=1f1f2-1f1f7
montserrat=1f1f2-1f1f8 malta=1f1f2-1f1f9 mauritius=1f1f2-1f1fa maldives=1f1f2-1f1fb malawi=1f1f2-1f1fc
mexico=1f1f2-1f1fd malaysia=1f1f2-1f1fe mozambique=1f1f2-1f1ff namibia=1f1f3-1f1e6 new_caledonia=1f1f3-1f1e8
niger=1f1f3-1f1ea norfolk_island=1f1f3-1f1eb nigeria=1f1f3-1f1ec nicaragua=1f1f3-1f1ee netherlands=1f1f3-1f1f1
norway=1f1f3-1f1f4 nepal=1f1f3-1f1f5 nauru=1f1f3-1f1f7 niue=1f1f3-1f1fa new_zealand=1f1f3-1f1ff
oman=1f1f4-1f1f2 panama=1f1f5-1f1e6 peru=1f1f5-1f1ea french_polynesia=1f1f5-1f1eb papua_new_guinea=1f1f5-1f1ec
philippines=1f1f5-1f1ed pakistan=1f1f5-1f1f0 poland=1f1f5-1f1f1 st_pierre_miquelon=1f1f5-1f1f2
pitcairn_islands=1f1f5-1f1f3 puerto_rico=1f1f5-1f1f7 palestinian_territories=1f1f5-1f1f8 portugal=1f1f5-1f1f9
palau=1f1f5-1f1fc paraguay=1f1f5-1f1fe qatar=1f1f6-1f1e6 reunion=1f1f7-1f1ea romania=1f1f7-1f1f4
serbia=1f1f7-1f1f8 ru=1f1f7-1f1fa rwanda=1f1f7-1f1fc saudi_arabia=1f1f8-1f1e6 solomon_islands=1f1f8-1f1e7
seychelles=1f1f8-1f1e8 sudan=1f1f8-1f1e9 sweden=1f1f8-1f1ea singapore=1f1f8-1f1ec st_helena=1f1f8-1f1ed
slovenia=1f1f8-1f1ee svalbard_jan_mayen=1f1f8-1f1ef slovakia=1f1f8-1f1f0 sierra_leone=1f1f8-1f1f1
san_marino=1f1f8-1f1f2 senegal=1f1f8-1f1f3 somalia=1f1f8-1f1f4 suriname=1f1f8-1f1f7 south_sudan=1f1f8-1f1f8
sao_tome_principe=1f1f8-1f1f9 el_salvador=1f1f8-1f1fb sint_maarten=1f1f8-1f1fd syria=1f1f8-1f1fe
swaziland=1f1f8-1f1ff tristan_da_cunha=1f1f9-1f1e6 turks_caicos_islands=1f1f9-1f1e8 chad=1f1f9-1f1e9
french_southern_territories=1f1f9-1f1eb togo=1f1f9-1f1ec thailand=1f1f9-1f1ed tajikistan=1f1f9-1f1ef
tokelau=1f1f9-1f1f0 timor_leste=1f1f9-1f1f1 turkmenistan=1f1f9-1f1f2 tunisia=1f1f9-1f1f3 tonga=1f1f9-1f1f4
tr=1f1f9-1f1f7 trinidad_tobago=1f1f9-1f1f9 tuvalu=1f1f9-1f1fb taiwan=1f1f9-1f1fc tanzania=1f1f9-1f1ff
ukraine=1f1fa-1f1e6 uganda=1f1fa-1f1ec us_outlying_islands=1f1fa-1f1f2 united_nations=1f1fa-1f1f3
us=1f1fa-1f1f8 uruguay=1f1fa-1f1fe uzbekistan=1f1fa-1f1ff vatican_city=1f1fb-1f1e6
st_vincent_grenadines=1f1fb-1f1e8 venezuela=1f1fb-1f1ea british_virgin_islands=1f1fb-1f1ec
us_virgin_islands=1f1fb-1f1ee vietnam=1f1fb-1f1f3 vanuatu=1f1fb-1f1fa wallis_futuna=1f1fc-1f1eb
samoa=1f1fc-1f1f8 kosovo=1f1fd-1f1f0 yemen=1f1fe-1f1ea mayotte=1f1fe-1f1f9 south_africa=1f1ff-1f1e6
zambia=1f1ff-1f1f2 zimbabwe=1f1ff-1f1fc england=1f3f4-e0067-e0062-e0065-e006e-e0067-e007f
scotland=1f3f4-e0067-e0062-e0073-e0063-e0074-e007f wales=1f3f4-e0067-e0062-e0077-e006c-e0073-e007f
`;

const codeOfName = new Map<string, string>();
const nameOfCode = new Map<string, string>();
for (const entry of table.split(/\s+/)) {
  if (entry === '') continue;
  const [name, code] = entry.split('=') as [string, string];
  codeOfName.set(name, code);
  // An emoji's first name is the one written (`:+1:` for `:thumbsup:` too).
  if (!nameOfCode.has(code)) nameOfCode.set(code, name);
}

/** The emoji's code of a shortcode's name, or undefined when the name is not known. */
export function emojiCodeOfName(name: string): string | undefined {
  return codeOfName.get(name);
}

/** The shortcode's name of an emoji code, or undefined when it has none here. */
export function emojiNameOfCode(code: string): string | undefined {
  return nameOfCode.get(code);
}

/** The emoji itself (`1f44b` -> the waving hand), `''` for a code that is not code points. */
export function emojiCharacterOf(code: string): string {
  const points = code
    .split('-')
    .map((part) => (/^[0-9a-f]{1,6}$/.test(part) ? Number.parseInt(part, 16) : -1));
  return points.every((point) => point >= 0 && point <= 0x10ffff && (point < 0xd800 || point > 0xdfff))
    ? String.fromCodePoint(...points)
    : '';
}

/** Every shortcode's name (for tests and pickers). */
export const emojiNames: readonly string[] = [...codeOfName.keys()];

const maxNameLength = 40;

/**
 * Every beginning of a name: a `:` followed by what no name begins with fails at that
 * character, so a failed attempt reads at most the longest beginning it shares with a name.
 */
const namePrefixes = new Set<string>();
for (const name of codeOfName.keys())
  for (let length = 1; length <= name.length; length++) namePrefixes.add(name.slice(0, length));

function isNameCode(code: number | null): boolean {
  return (
    code !== null &&
    ((code >= 97 && code <= 122) || (code >= 48 && code <= 57) || code === 95 || code === 43 || code === 45)
  );
}

// The micromark construct, on structural types (micromark's are not a dependency here).
type Code = number | null;
type State = (code: Code) => State | undefined;
interface Effects {
  enter(type: string): unknown;
  exit(type: string): unknown;
  consume(code: Code): void;
}

/** `:` name `:`, the name one of the table's. */
function tokenizeEmoji(effects: Effects, ok: State, nok: State): State {
  let name = '';
  const inName: State = (code) => {
    if (code === 58) {
      if (name === '' || !codeOfName.has(name)) return nok(code);
      effects.exit('gitbookEmojiName');
      effects.enter('gitbookEmojiMarker');
      effects.consume(code);
      effects.exit('gitbookEmojiMarker');
      effects.exit('gitbookEmoji');
      return ok;
    }
    if (!isNameCode(code) || name.length >= maxNameLength) return nok(code);
    name += String.fromCharCode(code!);
    if (!namePrefixes.has(name)) return nok(code);
    effects.consume(code);
    return inName;
  };
  return (code) => {
    effects.enter('gitbookEmoji');
    effects.enter('gitbookEmojiMarker');
    effects.consume(code);
    effects.exit('gitbookEmojiMarker');
    effects.enter('gitbookEmojiName');
    return inName;
  };
}

/** micromark's syntax extension: the construct on `:`. */
export const gitbookEmojiSyntax = {
  text: { 58: { name: 'gitbookEmoji', tokenize: tokenizeEmoji } },
};

interface CompileContext {
  enter(node: GitbookEmoji, token: unknown): void;
  exit(token: unknown): void;
  sliceSerialize(token: unknown): string;
  stack: unknown[];
}

/** mdast-util-from-markdown's extension: the `gitbookEmoji` node. */
export const gitbookEmojiFromMarkdown = {
  enter: {
    gitbookEmoji(this: CompileContext, token: unknown) {
      this.enter({ type: 'gitbookEmoji', name: '' }, token);
    },
  },
  exit: {
    gitbookEmojiName(this: CompileContext, token: unknown) {
      (this.stack[this.stack.length - 1] as GitbookEmoji).name = this.sliceSerialize(token);
    },
    gitbookEmoji(this: CompileContext, token: unknown) {
      this.exit(token);
    },
  },
};

type Handle = NonNullable<NonNullable<StringifyOptions['handlers']>['hint']>;

export const printEmoji: Handle = (node) => ':' + (node as GitbookEmoji).name + ':';

/** A text's `:name:` (a known name) is escaped, `\:name:`, so that it stays text. */
export const emojiUnsafePatterns: NonNullable<StringifyOptions['unsafe']> = [
  {
    character: ':',
    // A lookahead: the match is the colon alone, so `:a:b:` escapes both colons that open a name.
    after: '(?=(?:' + [...codeOfName.keys()].map((name) => name.replace(/[+-]/g, '\\$&')).join('|') + '):)',
    inConstruct: 'phrasing',
  },
];

/**
 * GitBook's icon writes its name as a shortcode inside (`<i class="fa-rocket">:rocket:</i>`):
 * an emoji right after such an opening is the icon's text again.
 */
export function iconNamesAsText(children: PhrasingContent[]): PhrasingContent[] {
  if (!children.some((child) => child.type === 'gitbookEmoji')) return children;
  return children.map((child, index) => {
    const before = children[index - 1];
    return child.type === 'gitbookEmoji' &&
      before?.type === 'html' &&
      before.value.startsWith('<i class="fa-')
      ? { type: 'text', value: ':' + child.name + ':' }
      : child;
  });
}
